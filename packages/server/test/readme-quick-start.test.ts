import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../src/settings.js';
import { tempDataDir } from './helpers.js';
import { startServerProcess, waitForExit, type ServerProcess } from './server-process.js';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const QUICK_START = /^## Quick start\n([\s\S]*?)(?=^## )/m.exec(README)![1];

/** The `curl` commands of the Quick start's shell blocks, joined across continued lines, in order. */
function curls(): string[] {
  const blocks = [...QUICK_START.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  const lines = blocks.flatMap((b) => b.replace(/\\\n\s*/g, ' ').split('\n'));
  return lines.map((l) => l.trim()).filter((l) => l.startsWith('curl '));
}

describe('README "Quick start"', () => {
  let server: ServerProcess;
  const dataDir = tempDataDir();
  beforeAll(async () => {
    server = await startServerProcess({ RNACOS_DATA_DIR: dataDir }, { built: true });
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the console URL and login the defaults give', () => {
    const defaults = loadSettings({});
    expect(QUICK_START).toContain(`http://127.0.0.1:${defaults.consolePort}/rnacos/`);
    expect(QUICK_START).toContain(
      `as \`${defaults.initAdminUsername}\` with password \`${defaults.initAdminPassword}\``,
    );
  });

  it('publishes and reads a config, registers and lists an instance, with the commands it shows', () => {
    const commands = curls();
    expect(commands.length).toBe(4);
    const port = new URL(server.baseUrl).port;
    // each command as the README gives it, against this server's port, run by a shell
    const out = commands.map((c) =>
      execFileSync(
        'bash',
        ['-c', c.replace(/^curl /, 'curl -sS ').replace(/127\.0\.0\.1:8848/g, `127.0.0.1:${port}`)],
        {
          encoding: 'utf8',
        },
      ),
    );
    expect(out.slice(0, 3)).toEqual(['true', 'greeting: hello', 'ok']);
    expect(JSON.parse(out[3]).hosts).toMatchObject([{ ip: '10.0.0.5', port: 8080, healthy: true }]);
  });
});
