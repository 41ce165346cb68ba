// Installs workspace dependencies when they are missing or older than the lockfile.
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command to its end; a failure ends this process. `quiet`: its output is shown only if it fails. */
export function run(cmd, args, { quiet = false, ...opts } = {}) {
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    maxBuffer: 64 * 1024 * 1024,
    ...opts,
  });
  if (res.status !== 0) {
    if (quiet) process.stderr.write(`${res.stdout ?? ''}${res.stderr ?? ''}`);
    console.error(`\n${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

/** Native modules: an install interrupted while they compiled leaves the package without its binary. */
const NATIVE_BINARIES = [['better-sqlite3', 'build/Release/better_sqlite3.node']];

export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
  // better-sqlite3 compiles from source when no prebuilt binary can be fetched: use the local Node headers.
  const env = { ...process.env };
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  if (stale) {
    console.log('Installing dependencies (npm install)...');
    run('npm', ['install', '--no-audit', '--no-fund'], { env });
  }
  for (const [name, binary] of NATIVE_BINARIES) {
    if (existsSync(path.join(root, 'node_modules', name, binary))) continue;
    console.log(`Building ${name} (its native part is missing; an earlier install was interrupted?)...`);
    run('npm', ['rebuild', name], { env });
  }
}
