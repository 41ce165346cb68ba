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
