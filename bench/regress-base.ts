// The base build of `npm run bench:regress`: a commit exported (git archive) into a cache directory outside
// the repository, its dependencies installed and the whole tree built there once, then kept for later runs.
// The install is copied from a tree installed from the same lockfile when there is one (the working tree
// or an earlier base), and is `npm ci` otherwise.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.js';

/** Where base trees are kept: BENCH_REGRESS_CACHE, else beside the other bench tools in ~/.cache. */
export const REGRESS_CACHE = path.resolve(
  process.env.BENCH_REGRESS_CACHE ?? path.join(os.homedir(), '.cache/tsnacos-bench/regress'),
);
/** Base trees kept (the most recently used; each holds a node_modules of about 600 MB). */
const KEEP = 3;
const READY = '.regress-ready.json';
const INSTALL_KEY = '.regress-install-key';

export interface BaseBuild {
  commit: string;
  dir: string;
  /** The built server's entry point. */
  main: string;
  /** How this run got it: reused from the cache, or built now (with how its dependencies were installed). */
  how: string;
}

/**
 * What decides a tree's node_modules: its package-lock.json without the versions of the workspace's own
 * packages (the root and packages/*), which a release changes without changing anything installed.
 */
export function installKey(lockText: string): string {
  const lock = JSON.parse(lockText) as { version?: string; packages?: Record<string, { version?: string }> };
  delete lock.version;
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    if (!where.includes('node_modules/')) delete entry.version;
  }
  return createHash('sha256').update(JSON.stringify(lock)).digest('hex').slice(0, 16);
}

const say = (line: string) => process.stderr.write(`[regress] ${line}\n`);

/**
 * The environment of the npm commands run in a base tree: this process's, without what `npm run` set
 * for the working tree's package (its prefix and package fields), so npm works on the base tree alone.
 */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_(package|lifecycle)_/.test(k) || k === 'npm_config_local_prefix' || k === 'INIT_CWD') continue;
    env[k] = v;
  }
  // better-sqlite3 compiles from source when no prebuilt binary can be fetched (as scripts/ensure-install.mjs)
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  return env;
}

function run(cmd: string, args: string[], cwd: string): void {
  // their output goes to stderr with the progress lines: stdout is the table's
  const res = spawnSync(cmd, args, { cwd, env: baseEnv(), stdio: ['ignore', 2, 2] });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} in ${cwd} failed (${res.status ?? res.signal})`);
}

/** node_modules directories of a tree: the root's and any of packages/*. */
function moduleDirs(tree: string): string[] {
  const dirs = ['node_modules'];
  const packages = path.join(tree, 'packages');
  if (existsSync(packages)) {
    for (const p of readdirSync(packages)) {
      if (existsSync(path.join(packages, p, 'node_modules'))) dirs.push(path.join('packages', p, 'node_modules'));
    }
  }
  return dirs.filter((d) => existsSync(path.join(tree, d)));
}

/** The working tree's install is current: npm's own record of it is not older than the lockfile. */
function workingTreeInstalled(): boolean {
  const record = path.join(ROOT, 'node_modules/.package-lock.json');
  return existsSync(record) && statSync(record).mtimeMs >= statSync(path.join(ROOT, 'package-lock.json')).mtimeMs;
}

/** A tree whose node_modules were installed from a lockfile with this key: the working tree or a kept base. */
function installedWith(key: string): string | null {
  if (workingTreeInstalled() && installKey(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) === key) {
    return ROOT;
  }
  if (!existsSync(REGRESS_CACHE)) return null;
  for (const name of readdirSync(REGRESS_CACHE)) {
    const tree = path.join(REGRESS_CACHE, name);
    const marker = path.join(tree, INSTALL_KEY);
    if (existsSync(path.join(tree, READY)) && existsSync(marker) && readFileSync(marker, 'utf8') === key) return tree;
  }
  return null;
}

/** Keeps the KEEP most recently used base trees, and no leftovers of builds that did not finish. */
function prune(keep: string): void {
  const trees = readdirSync(REGRESS_CACHE).map((name) => path.join(REGRESS_CACHE, name));
  const ready = trees
    .filter((t) => existsSync(path.join(t, READY)))
    .sort((a, b) => statSync(path.join(b, READY)).mtimeMs - statSync(path.join(a, READY)).mtimeMs);
  for (const t of ready.slice(KEEP)) if (t !== keep) rmSync(t, { recursive: true, force: true });
  // an unfinished build's directory, left by a run that was killed, after a day
  for (const t of trees) {
    if (path.basename(t).startsWith('.') && Date.now() - statSync(t).mtimeMs > 86_400_000) {
      rmSync(t, { recursive: true, force: true });
    }
  }
}

/**
 * The base tree of `commit` (a full hash), exported, installed and built; from the cache when an earlier
 * run built it.
 */
export function prepareBase(commit: string): BaseBuild {
  mkdirSync(REGRESS_CACHE, { recursive: true });
  const dir = path.join(REGRESS_CACHE, commit.slice(0, 12));
  const main = path.join(dir, 'packages/server/dist/main.js');
  if (existsSync(path.join(dir, READY))) {
    const now = new Date();
    utimesSync(path.join(dir, READY), now, now);
    prune(dir);
    return { commit, dir, main, how: `built earlier, kept in ${dir}` };
  }
  const tmp = mkdtempSync(path.join(REGRESS_CACHE, `.${commit.slice(0, 12)}-`));
  try {
    say(`exporting ${commit.slice(0, 12)} into ${tmp}`);
    execFileSync('sh', ['-c', 'git archive --format=tar "$0" | tar -x -C "$1"', commit, tmp], { cwd: ROOT });
    const key = installKey(readFileSync(path.join(tmp, 'package-lock.json'), 'utf8'));
    const donor = installedWith(key);
    let installed: string;
    if (donor) {
      const dirs = moduleDirs(donor);
      say(`copying ${dirs.join(', ')} from ${donor} (installed from the same lockfile)`);
      for (const d of dirs) execFileSync('cp', ['-a', '--reflink=auto', path.join(donor, d), path.join(tmp, d)]);
      installed = `node_modules copied from ${donor === ROOT ? 'the working tree' : donor}`;
    } else {
      say('npm ci (no tree installed from this lockfile yet; kept for the next runs)');
      run('npm', ['ci', '--no-audit', '--no-fund'], tmp);
      installed = 'npm ci';
    }
    writeFileSync(path.join(tmp, INSTALL_KEY), key);
    say('npm run build');
    run('npm', ['run', 'build'], tmp);
    if (!existsSync(path.join(tmp, 'packages/server/dist/main.js'))) {
      throw new Error(`the build of ${commit} has no packages/server/dist/main.js`);
    }
    writeFileSync(path.join(tmp, READY), JSON.stringify({ commit, installed, builtAt: new Date().toISOString() }));
    try {
      renameSync(tmp, dir);
    } catch (err) {
      // another run built the same commit meanwhile
      if (!existsSync(path.join(dir, READY))) throw err;
      rmSync(tmp, { recursive: true, force: true });
    }
    prune(dir);
    return { commit, dir, main, how: `built now (${installed}), kept in ${dir}` };
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}
