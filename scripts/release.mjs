// `npm run release`: a deployable tree that runs the server without the sources, the build tools or any dev
// dependency: release/tsnacos-<version>-node<major>-<platform>-<arch>/ (and a .tar.gz of it with --tar). Run it
// with bin/tsnacos.
//
// The bundle in packages/server/dist carries every dependency but the few it loads from node_modules
// (esbuild's `external` list in packages/server/build.mjs). Those, with what they need, are copied from this
// checkout's node_modules: the versions the tests ran, SQLite's native module already compiled for this
// platform and Node's ABI, and no registry or compiler needed to make or install a release.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfStale } from './build-if-stale.mjs';
import { ensureInstalled, root } from './ensure-install.mjs';

/** Packages the bundle imports at run time (packages/server/build.mjs `external`, less the optional pg-native). */
const RUNTIME_PACKAGES = ['better-sqlite3', 'jimp', 'mysql2', 'cookie'];
/** Files a package needs only to be built or installed: left out of the release. */
const BUILD_ONLY = {
  'better-sqlite3': (rel) =>
    rel.startsWith('deps') ||
    rel.startsWith('src') ||
    (rel.startsWith('build') && !/^build(\/Release(\/better_sqlite3\.node)?)?$/.test(rel)),
};

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    tar: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const rootPkg = readJson(path.join(root, 'package.json'));
const serverPkg = readJson(path.join(root, 'packages/server/package.json'));
const version = serverPkg.version;
// The SQLite driver's native part is compiled for this Node.js major (its ABI): the release runs on it only,
// and says so in its name and its engines.
const nodeMajor = Number(process.versions.node.split('.')[0]);
const name = `tsnacos-${version}-node${nodeMajor}-${process.platform}-${process.arch}`;
const promisedMin = /^>=\s*(\d+)\.(\d+)/.exec(rootPkg.engines.node);
const nodeRange =
  promisedMin && Number(promisedMin[1]) === nodeMajor
    ? `>=${promisedMin[1]}.${promisedMin[2]} <${nodeMajor + 1}`
    : `>=${nodeMajor} <${nodeMajor + 1}`;
const outDir = path.resolve(values.out ?? path.join(root, 'release', name));

if (!values['no-build']) {
  ensureInstalled();
  buildIfStale();
}
for (const built of ['packages/server/dist/main.js', 'packages/web/dist/index.html']) {
  if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
}

/** The directory of `dep` as Node finds it from a package in `fromDir` (its own node_modules, then up). */
function findPackage(dep, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', dep);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === path.dirname(dir)) return undefined;
  }
}

/** Every package `names` need at run time, as directories under the checkout's node_modules. */
function closure(names) {
  const found = new Map();
  const visit = (dep, fromDir, optional) => {
    const dir = findPackage(dep, fromDir);
    if (!dir) {
      if (optional) return;
      throw new Error(`${dep} (needed from ${path.relative(root, fromDir) || '.'}) is not installed`);
    }
    if (found.has(dir)) return;
    found.set(dir, dep);
    const pkg = readJson(path.join(dir, 'package.json'));
    for (const d of Object.keys(pkg.dependencies ?? {})) visit(d, dir, false);
    for (const d of Object.keys(pkg.optionalDependencies ?? {})) visit(d, dir, true);
    for (const d of Object.keys(pkg.peerDependencies ?? {})) {
      if (!pkg.peerDependenciesMeta?.[d]?.optional) visit(d, dir, true);
    }
  };
  for (const n of names) visit(n, path.join(root, 'packages/server'), false);
  return found;
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(path.join(outDir, 'node_modules'), { recursive: true });
cpSync(path.join(root, 'packages/server/dist'), path.join(outDir, 'dist'), { recursive: true });

const rootModules = path.join(root, 'node_modules');
const dependencies = {};
for (const [dir, dep] of closure(RUNTIME_PACKAGES)) {
  // a package nested in another's node_modules comes along with that one
  const rel = path.relative(rootModules, dir);
  if (rel.split(path.sep).includes('node_modules')) continue;
  const skip = BUILD_ONLY[dep];
  cpSync(dir, path.join(outDir, 'node_modules', rel), {
    recursive: true,
    dereference: true,
    filter: (src) => !skip || !skip(path.relative(dir, src).split(path.sep).join('/')),
  });
  if (RUNTIME_PACKAGES.includes(dep)) dependencies[dep] = readJson(path.join(dir, 'package.json')).version;
}

// the console: the server finds it as the @tsnacos/web package (its dist/ holds the pages and the docs)
const web = path.join(outDir, 'node_modules/@tsnacos/web');
mkdirSync(web, { recursive: true });
const webPkg = readJson(path.join(root, 'packages/web/package.json'));
writeFileSync(
  path.join(web, 'package.json'),
  `${JSON.stringify({ name: webPkg.name, version: webPkg.version, private: true, type: 'module' }, null, 2)}\n`,
);
cpSync(path.join(root, 'packages/web/dist'), path.join(web, 'dist'), { recursive: true });

const releasePkg = {
  name: 'tsnacos',
  version,
  private: true,
  description: rootPkg.description,
  type: 'module',
  bin: { tsnacos: 'bin/tsnacos' },
  engines: { node: nodeRange },
  dependencies,
};
writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(releasePkg, null, 2)}\n`);
mkdirSync(path.join(outDir, 'bin'));
// dist/main.js starts with the Node flags the server runs with (`#!/usr/bin/env -S node --max-semi-space-size=4`)
symlinkSync('../dist/main.js', path.join(outDir, 'bin/tsnacos'));
chmodSync(path.join(outDir, 'dist/main.js'), 0o755);
cpSync(path.join(root, 'README.md'), path.join(outDir, 'README.md'));
// the README is the front door; the operator and API references it links to live in docs/
cpSync(path.join(root, 'docs'), path.join(outDir, 'docs'), { recursive: true });
cpSync(path.join(root, 'deploy/systemd'), path.join(outDir, 'deploy/systemd'), { recursive: true });
cpSync(path.join(root, 'deploy/grafana'), path.join(outDir, 'deploy/grafana'), { recursive: true });

console.log(`release tree: ${outDir}`);
if (values.tar) {
  const tarball = `${outDir}.tar.gz`;
  const res = spawnSync('tar', ['-czf', tarball, '-C', path.dirname(outDir), path.basename(outDir)], {
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
  console.log(`tarball: ${tarball}`);
}
