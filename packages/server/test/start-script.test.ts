import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort, waitForExit } from './server-process.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const START = path.join(ROOT, 'scripts/start.mjs');

/** `npm start` as a terminal runs it: the launcher leads its own process group, which Ctrl-C signals whole. */
async function startLauncher() {
  // as from a shell: vitest's NODE_ENV=test would make the console's build a development one
  const { NODE_ENV: _testMode, ...shellEnv } = process.env;
  const env = {
    ...shellEnv,
    RNACOS_HTTP_PORT: String(await freePort()),
    RNACOS_GRPC_PORT: String(await freePort()),
    RNACOS_HTTP_CONSOLE_PORT: '0',
    RNACOS_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tsnacos-start-')),
  };
  const child = spawn(process.execPath, [START], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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
    const BUILD = '> npm run build --workspaces';
    const both = await Promise.all([startLauncher(), startLauncher()]);
    for (const { child } of both) process.kill(-child.pid!, 'SIGINT');
    await Promise.all(both.map(({ child }) => waitForExit(child)));
    expect(both.map(({ output }) => output().split(BUILD).length - 1).sort()).toEqual([0, 1]);
    const again = await startLauncher();
    process.kill(-again.child.pid!, 'SIGINT');
    await waitForExit(again.child);
    expect(again.output()).not.toContain(BUILD);
  }, 180_000);
});
