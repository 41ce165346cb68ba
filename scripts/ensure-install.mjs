// Installs workspace dependencies when they are missing or older than the lockfile.
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
  if (stale) {
    console.log('Installing dependencies (npm install)...');
    // better-sqlite3 compiles from source when no prebuilt binary can be fetched: use the local Node headers.
    const env = { ...process.env };
    if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
    run('npm', ['install', '--no-audit', '--no-fund'], { env });
  }
}
