import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const SOURCE = fileURLToPath(new URL('./fixtures/fsync-gate.c', import.meta.url));

/**
 * Builds the fsync gate (fixtures/fsync-gate.c) into `dir` with the system's C compiler: the path of the
 * shared library to put in LD_PRELOAD, or why it cannot be built here.
 */
export function buildFsyncGate(dir: string): { library: string } | { reason: string } {
  if (process.platform !== 'linux') return { reason: `LD_PRELOAD gate needs Linux (this is ${process.platform})` };
  const library = path.join(dir, 'fsync-gate.so');
  const cc = spawnSync('cc', ['-shared', '-fPIC', '-O1', '-o', library, SOURCE, '-ldl'], { encoding: 'utf8' });
  if (cc.error) return { reason: `no C compiler (cc): ${cc.error.message}` };
  if (cc.status !== 0) return { reason: `cc failed: ${cc.stderr}` };
  return { library };
}
