import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess, waitForExit } from './server-process.js';

describe('a node started with an r-nacos cluster env file', () => {
  it('logs a warning for each r-nacos setting it ignores', async () => {
    const server = await startServerProcess({
      RNACOS_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tsnacos-notices-')),
      RNACOS_RAFT_JOIN_ADDR: '10.0.0.1:9848',
      RNACOS_CLUSTER_TOKEN: 'secret',
    });
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    const warnings = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":40'));
    expect(warnings.some((l) => l.includes('RNACOS_RAFT_JOIN_ADDR is an r-nacos setting, ignored'))).toBe(true);
    expect(warnings.some((l) => l.includes('RNACOS_CLUSTER_TOKEN is an r-nacos setting, ignored'))).toBe(true);
  }, 60_000);
});

describe('the start of a node', () => {
  it('prints only JSON log lines, the start line naming every reachable address when bound to 0.0.0.0', async () => {
    const server = await startServerProcess({
      RNACOS_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tsnacos-banner-')),
      RNACOS_SDK_HOST: '0.0.0.0',
    });
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    const lines = server.output().trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const start = lines.map((l) => JSON.parse(l)).find((entry) => /^tsnacos \S+ started/.test(entry.msg));
    expect(start.sdkHost).toBe('all interfaces (0.0.0.0)');
    expect(start.http).toContain(`${server.baseUrl}/nacos`);
  }, 60_000);
});
