import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeSdkPorts } from '../interop/sdk-ports.js';
import { waitForExit } from '../server-process.js';
import { buildPreload } from '../preload-library.js';
import { httpGet, makeRelease, REPO_ROOT, rustSdk, waitReady } from './deploy-kit.js';

/**
 * The release tree (`npm run release`) is what an operator installs: it runs with nothing of the checkout,
 * no build step and no dev dependency, and `bin/tsnacos` is the server with its Node flags.
 */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-release-'));
const tree = path.join(scratch, 'tsnacos');

beforeAll(() => makeRelease(tree), 120_000);
/** Servers started here, stopped at the end whatever a test did. */
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

describe('the release tree', () => {
  it('holds the runtime packages only: no dev dependency, no sources, no build tools', () => {
    for (const runtime of ['better-sqlite3', 'jimp', 'mysql2', 'cookie', '@tsnacos/web']) {
      expect(existsSync(path.join(tree, 'node_modules', runtime, 'package.json')), runtime).toBe(true);
    }
    // bundled into dist/, or only for development
    for (const absent of ['fastify', 'typescript', 'vitest', 'esbuild', 'tsx', 'nacos', '@grpc/grpc-js', 'vite']) {
      expect(existsSync(path.join(tree, 'node_modules', absent)), absent).toBe(false);
    }
    expect(existsSync(path.join(tree, 'src'))).toBe(false);
    expect(existsSync(path.join(tree, 'node_modules/better-sqlite3/deps'))).toBe(false);
    expect(readFileSync(path.join(tree, 'dist/main.js'), 'utf8').split('\n')[0]).toContain('--max-semi-space-size=4');
  });

  it('claims the Node.js major it was built with, whose ABI its SQLite driver has, and no other', () => {
    const engines = JSON.parse(readFileSync(path.join(tree, 'package.json'), 'utf8')).engines.node as string;
    const major = Number(process.versions.node.split('.')[0]);
    expect(semver.satisfies(process.versions.node, engines), engines).toBe(true);
    expect(semver.intersects(engines, `>=${major + 1}`), engines).toBe(false);
    expect(semver.intersects(engines, `<${major}`), engines).toBe(false);
  });

  it('runs from bin/tsnacos: an SDK writes and reads, the console answers, SIGTERM stops it with "stopped"', async () => {
    const { httpPort } = await freeSdkPorts();
    const consolePort = (await freeSdkPorts()).httpPort;
    const dataDir = path.join(scratch, 'data');
    const child = spawn(path.join(tree, 'bin/tsnacos'), [], {
      // a directory outside the checkout: nothing can be found in the repository's node_modules
      cwd: scratch,
      env: {
        PATH: process.env.PATH,
        HOME: scratch,
        RNACOS_HTTP_PORT: String(httpPort),
        RNACOS_HTTP_CONSOLE_PORT: String(consolePort),
        RNACOS_SDK_HOST: '127.0.0.1',
        RNACOS_DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const base = `http://127.0.0.1:${httpPort}`;
    await waitReady(`${base}/nacos/v1/console/health/readiness`);
    const sdk = await rustSdk(`127.0.0.1:${httpPort}`);
    try {
      const d = sdk.driver;
      expect(
        await d.call('config.publish', { client: 'config', dataId: 'app.yaml', group: 'PROD', content: 'a: 1' }),
      ).toBe(true);
      expect(await d.call('config.get', { client: 'config', dataId: 'app.yaml', group: 'PROD' })).toBe('a: 1');
      expect(await httpGet(base, 'app.yaml', 'PROD')).toEqual({ status: 200, body: 'a: 1' });

      // the console: its pages come from the release's @tsnacos/web, its login captcha sets a cookie
      const consoleBase = `http://127.0.0.1:${consolePort}`;
      const page = await fetch(`${consoleBase}/rnacos/index.html`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const captcha = await fetch(`${consoleBase}/rnacos/api/console/v2/login/captcha`);
      expect(captcha.status).toBe(200);
      expect(captcha.headers.get('set-cookie')).toBeTruthy();
    } finally {
      await sdk.close();
    }

    child.kill('SIGTERM');
    expect(await waitForExit(child)).toBe(0);
    expect(out).toMatch(/"msg":"stopped"/);
    expect(out).not.toMatch(/"level":50/);
    expect(existsSync(path.join(dataDir, 'tsnacos.db'))).toBe(true);
  }, 90_000);
});

/** Linux's numbers of the address families a unit may name. */
const FAMILY_NUMBERS: Record<string, number> = { AF_UNIX: 1, AF_INET: 2, AF_INET6: 10, AF_NETLINK: 16 };

/** The release's server with only `families` open to it (as RestrictAddressFamilies= leaves them): its output. */
async function startWithFamilies(library: string, families: string[]): Promise<string> {
  const { httpPort } = await freeSdkPorts();
  const child = spawn(path.join(tree, 'bin/tsnacos'), [], {
    cwd: scratch,
    env: {
      PATH: process.env.PATH,
      HOME: scratch,
      LD_PRELOAD: library,
      ALLOWED_FAMILIES: families.map((f) => FAMILY_NUMBERS[f]).join(','),
      RNACOS_HTTP_PORT: String(httpPort),
      RNACOS_HTTP_CONSOLE_PORT: '0',
      RNACOS_DATA_DIR: mkdtempSync(path.join(scratch, 'families-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = waitForExit(child).then((code) => {
    throw new Error(`the server exited (${code}):\n${out}`);
  });
  await Promise.race([waitReady(`http://127.0.0.1:${httpPort}/nacos/v1/console/health/readiness`), exited]);
  exited.catch(() => undefined);
  child.kill('SIGTERM');
  expect(await waitForExit(child)).toBe(0);
  return out;
}

describe('deploy/systemd/tsnacos.service', () => {
  const unit = readFileSync(path.join(REPO_ROOT, 'deploy/systemd/tsnacos.service'), 'utf8');
  const preload = buildPreload(scratch, 'address-families');
  if ('reason' in preload) console.warn(`address families are not restricted in this run: ${preload.reason}`);

  it.skipIf('reason' in preload)(
    'starts with only the address families the unit allows',
    async () => {
      const families = /^RestrictAddressFamilies=(.*)$/m.exec(unit)![1].trim().split(/\s+/);
      expect(
        families.every((f) => f in FAMILY_NUMBERS),
        families.join(' '),
      ).toBe(true);
      const out = await startWithFamilies((preload as { library: string }).library, families);
      expect(out).toMatch(/tsnacos \S+ started: /);
      expect(out).not.toContain('cannot be listed');
    },
    60_000,
  );

  it.skipIf('reason' in preload)(
    'starts, naming loopback only, where the host addresses cannot be listed',
    async () => {
      const out = await startWithFamilies((preload as { library: string }).library, ['AF_UNIX', 'AF_INET', 'AF_INET6']);
      expect(out).toContain("the host's addresses cannot be listed");
      expect(out).toMatch(/tsnacos \S+ started: nacos HTTP API http:\/\/127\.0\.0\.1:\d+\/nacos,/);
    },
    60_000,
  );

  const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
  const skip = analyze.status !== 0;
  if (skip) console.warn('systemd-analyze not found (Debian package systemd): the unit file is not verified');

  it.skipIf(skip)('passes systemd-analyze verify with no warning', () => {
    expect(unit).toContain('ExecStart=/opt/tsnacos/bin/tsnacos');
    // verify checks that ExecStart is executable: point it at this release's command
    const file = path.join(scratch, 'tsnacos.service');
    writeFileSync(file, unit.replace('/opt/tsnacos/bin/tsnacos', path.join(tree, 'bin/tsnacos')));
    const res = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });
});
