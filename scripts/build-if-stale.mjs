// `npm start` builds only when a source is newer than the last build, and one start at a time: the
// cluster recipe starts three nodes at once, which must not build into the `dist/` another one serves.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, run } from './ensure-install.mjs';

/** Written after a successful build, dated when that build began (an edit made meanwhile builds again). */
const STAMP = path.join(root, 'node_modules', '.tsnacos-built');
const LOCK = path.join(root, 'node_modules', '.tsnacos-build.lock');
const INPUTS = ['packages/protocol', 'packages/server', 'packages/web', 'docs', 'README.md', 'package-lock.json'];
const SKIPPED_DIRS = new Set(['dist', 'node_modules', 'test', 'e2e', 'coverage']);

function newestInput(rel) {
  const full = path.join(root, rel);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  // a deleted file changes its directory's date; a package's own directory changes when its build
  // replaces `dist/`
  let newest = INPUTS.includes(rel) ? 0 : stat.mtimeMs;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestInput(path.join(rel, entry.name)));
  }
  return newest;
}

function isStale() {
  const built = statSync(STAMP, { throwIfNoEntry: false });
  if (!built) return true;
  return INPUTS.some((rel) => newestInput(rel) > built.mtimeMs);
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** The pid in the lock; 0 while the lock is being taken or was just released. */
function lockHolder() {
  try {
    return Number(readFileSync(path.join(LOCK, 'pid'), 'utf8'));
  } catch {
    return 0;
  }
}

/** mkdir is atomic: one start holds the lock; a lock whose holder died is taken over. */
function acquireLock() {
  let told = false;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      return;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    const holder = lockHolder();
    if (holder && !alive(holder)) {
      rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (!told) console.log('Waiting for the build another `npm start` is running...');
    told = true;
    sleep(200);
  }
}

export function buildIfStale() {
  if (!isStale()) return;
  acquireLock();
  try {
    // another start may have built while this one waited
    if (!isStale()) return;
    const began = new Date();
    // the build's own output (a hundred lines of bundle sizes) is shown only when it fails
    process.stdout.write('Building (npm run build)... ');
    run('npm', ['run', 'build'], { quiet: true });
    console.log(`done in ${((Date.now() - began.getTime()) / 1000).toFixed(1)} s`);
    if (!existsSync(path.dirname(STAMP))) mkdirSync(path.dirname(STAMP), { recursive: true });
    writeFileSync(STAMP, '');
    utimesSync(STAMP, began, began);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
