import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitUntil } from './interop/wait-until.js';
import { freePort, waitForExit } from './server-process.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const START = path.join(ROOT, 'scripts/start.mjs');

/**
 * `npm start` as a terminal runs it: the launcher leads its own process group, which Ctrl-C signals whole.
 * `viaNpm` runs it through npm itself (npm, its shell, the launcher, the server), as a supervisor would.
 */
async function startLauncher(viaNpm = false) {
  // as from a shell: vitest's NODE_ENV=test would make the console's build a development one
  const { NODE_ENV: _testMode, ...shellEnv } = process.env;
  const env = {
    ...shellEnv,
    RNACOS_HTTP_PORT: String(await freePort()),
    RNACOS_GRPC_PORT: String(await freePort()),
    RNACOS_HTTP_CONSOLE_PORT: '0',
    RNACOS_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tsnacos-start-')),
  };
  const [command, args] = viaNpm ? ['npm', ['start']] : [process.execPath, [START]];
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const deadline = Date.now() + 90_000;
  while (!/"msg":"tsnacos \S+ started/.test(out)) {
    if (child.exitCode !== null) throw new Error(`npm start exited early (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, httpPort: Number(env.RNACOS_HTTP_PORT), output: () => out };
}

describe('npm start', () => {
  it('stops cleanly on one Ctrl-C sent to the whole process group', async () => {
    const { child, httpPort, output } = await startLauncher();
    // a request whose body is still arriving holds the stop for a moment, as a busy node's stop takes a while
    const busy = connect(httpPort, '127.0.0.1');
    busy.on('error', () => {});
    await new Promise((r) => busy.once('connect', r));
    busy.write('POST /nacos/v1/cs/configs HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\ndataId=a');
    process.kill(-child.pid!, 'SIGINT');
    expect(await waitForExit(child)).toBe(0);
    console.log(
      output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .join('\n'),
    );
    const lines = output().split('\n');
    expect(lines.filter((l) => l.includes('shutting down'))).toHaveLength(1);
    expect(output()).not.toContain('again');
    expect(lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  }, 120_000);

  it('builds once when sources changed, even for starts at once, and not again while nothing changed', async () => {
    const now = new Date();
    utimesSync(path.join(ROOT, 'packages/protocol/package.json'), now, now);
    const BUILD = 'Building (npm run build)... done in ';
    const both = await Promise.all([startLauncher(), startLauncher()]);
    for (const { child } of both) process.kill(-child.pid!, 'SIGINT');
    await Promise.all(both.map(({ child }) => waitForExit(child)));
    expect(both.map(({ output }) => output().split(BUILD).length - 1).sort()).toEqual([0, 1]);
    // the build says it ran in one line, not in its hundred lines of bundle sizes
    const built = both.find(({ output }) => output().includes(BUILD))!.output();
    expect(built.slice(0, built.indexOf('"msg":"tsnacos ')).split('\n').length).toBeLessThan(15);
    const again = await startLauncher();
    process.kill(-again.child.pid!, 'SIGINT');
    await waitForExit(again.child);
    expect(again.output()).not.toContain(BUILD);
  }, 180_000);

  it('stops the server when npm start is killed with SIGKILL, or the launcher under it is', async () => {
    for (const victim of ['npm', 'launcher'] as const) {
      const { child, httpPort, output } = await startLauncher(true);
      const tree = processesUnder(child.pid!);
      const launcher = tree.find((p) => path.basename(p.args[0]) === 'node' && p.args[1] === 'scripts/start.mjs');
      const server = tree.find((p) => p.args.some((a) => a.endsWith('dist/main.js')));
      try {
        process.kill(victim === 'npm' ? child.pid! : launcher!.pid, 'SIGKILL');
        await waitUntil(
          `the server to stop after ${victim} was killed`,
          async () => !(await answers(httpPort)),
          15_000,
        );
        await waitUntil('the stop to be logged', () => output().includes('"msg":"stopped"'), 5_000);
        expect(output()).toMatch(victim === 'npm' ? /SIGTERM: shutting down/ : /the launcher exited: shutting down/);
      } finally {
        // what is left of either group (npm's shell; the server, should it have outlived the launcher)
        for (const group of [child.pid!, server!.pid]) {
          try {
            process.kill(-group, 'SIGKILL');
          } catch {
            // nothing left
          }
        }
      }
    }
  }, 240_000);
});

/** The descendants of `root` with their command lines, from `ps`. */
function processesUnder(root: number): Array<{ pid: number; args: string[] }> {
  const ps = spawnSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).stdout.trim().split('\n');
  const rows = ps
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, ...args]) => ({ pid: +pid, ppid: +ppid, args }));
  const family = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (family.has(row.ppid) && !family.has(row.pid)) {
        family.add(row.pid);
        grew = true;
      }
    }
  }
  return rows.filter((row) => family.has(row.pid) && row.pid !== root);
}

/** Whether something accepts connections on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
