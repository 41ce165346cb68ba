import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessGauges } from './process-gauges.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-cgroup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MB = 1024 * 1024;

/** A fake /sys/fs/cgroup and /proc/self/cgroup with the given files. */
function fakeCgroup(name: string, files: Record<string, string>, self = '0::/\n') {
  const root = path.join(dir, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'self-cgroup'), self);
  return new ProcessGauges({ root, self: path.join(root, 'self-cgroup') });
}

const rssMb = () => process.memoryUsage.rss() / MB;

describe('ProcessGauges memory share', () => {
  it('is a share of the cgroup v2 limit when a container has one', () => {
    const limitMb = Math.ceil(rssMb() * 2);
    const gauges = fakeCgroup('v2', { 'memory.max': `${limitMb * MB}\n` }).read();
    expect(gauges.app_memory_limit).toBe(limitMb);
    // the process uses about half of a limit twice its size (it grows a little between the two readings)
    expect(gauges.app_memory_usage).toBeGreaterThan(40);
    expect(gauges.app_memory_usage).toBeLessThan(60);
  });

  it("reads the process's own cgroup (a systemd MemoryMax=) before the root", () => {
    const limitMb = Math.ceil(rssMb() * 4);
    const gauges = fakeCgroup(
      'own',
      { 'system.slice/tsnacos.service/memory.max': `${limitMb * MB}`, 'memory.max': 'max' },
      '0::/system.slice/tsnacos.service\n',
    ).read();
    expect(gauges.app_memory_limit).toBe(limitMb);
  });

  it('falls back to cgroup v1, and to the machine without a limit', () => {
    const limitMb = Math.ceil(rssMb() * 2);
    expect(fakeCgroup('v1', { 'memory/memory.limit_in_bytes': `${limitMb * MB}` }).read().app_memory_limit).toBe(
      limitMb,
    );
    const hostMb = Math.round((os.totalmem() / MB) * 100) / 100;
    expect(fakeCgroup('unlimited-v2', { 'memory.max': 'max' }).read().app_memory_limit).toBe(hostMb);
    // v1 writes "no limit" as a huge number
    expect(
      fakeCgroup('unlimited-v1', { 'memory/memory.limit_in_bytes': '9223372036854771712' }).read().app_memory_limit,
    ).toBe(hostMb);
    expect(fakeCgroup('none', {}).read().app_memory_usage).toBeCloseTo((rssMb() / hostMb) * 100, 0);
  });
});
