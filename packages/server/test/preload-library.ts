import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * Builds a test-only LD_PRELOAD library from `fixtures/<name>.c` into `dir` with the system's C compiler:
 * the path of the shared library, or why it cannot be built here.
 */
export function buildPreload(dir: string, name: string): { library: string } | { reason: string } {
  if (process.platform !== 'linux') return { reason: `LD_PRELOAD libraries need Linux (this is ${process.platform})` };
  const source = fileURLToPath(new URL(`./fixtures/${name}.c`, import.meta.url));
  const library = path.join(dir, `${name}.so`);
  const cc = spawnSync('cc', ['-shared', '-fPIC', '-O1', '-o', library, source, '-ldl'], { encoding: 'utf8' });
  if (cc.error) return { reason: `no C compiler (cc): ${cc.error.message}` };
  if (cc.status !== 0) return { reason: `cc failed: ${cc.stderr}` };
  return { library };
}

/** The fsync gate (fixtures/fsync-gate.c): fsync and fdatasync wait while the file FSYNC_GATE exists. */
export const buildFsyncGate = (dir: string) => buildPreload(dir, 'fsync-gate');
