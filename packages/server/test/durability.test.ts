import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from './helpers.js';
import { startServerProcess, waitForExit } from './server-process.js';

const dataDir = tempDataDir('tsnacos-durability-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function publish(baseUrl: string, dataId: string, content: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/nacos/v1/cs/configs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ dataId, group: 'DURABILITY', content }),
    });
    return res.status === 200 && (await res.text()) === 'true';
  } catch {
    return false; // the server died mid-request: not acknowledged
  }
}

describe('every acknowledged write survives kill -9', () => {
  it('finds every acknowledged publish after the server is killed during concurrent publishes', async () => {
    const first = await startServerProcess({ RNACOS_DATA_DIR: dataDir });
    const acknowledged = new Map<string, string>();
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const dataId = `w${w}-k${i % 25}`;
        const content = `worker ${w} write ${i} ${'x'.repeat(i % 7)}`;
        if (await publish(first.baseUrl, dataId, content)) acknowledged.set(dataId, content);
        else if (stop) break;
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    // Kill once a good number of writes were acknowledged, while the workers keep writing.
    const deadline = Date.now() + 15_000;
    while (acknowledged.size < 150 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const acknowledgedBeforeKill = acknowledged.size;
    first.child.kill('SIGKILL');
    stop = true;
    await waitForExit(first.child);
    await Promise.all(workers);
    expect(acknowledgedBeforeKill).toBeGreaterThan(0);

    const second = await startServerProcess({ RNACOS_DATA_DIR: dataDir });
    try {
      const missing: string[] = [];
      for (const [dataId, content] of acknowledged) {
        const res = await fetch(`${second.baseUrl}/nacos/v1/cs/configs?dataId=${dataId}&group=DURABILITY`);
        const body = await res.text();
        // A write in flight at the kill may have landed after the last acknowledged one; it is newer, not lost.
        if (res.status !== 200 || (body !== content && !isLaterWrite(body, content)))
          missing.push(`${dataId}: ${res.status} ${body}`);
      }
      expect(missing).toEqual([]);
    } finally {
      second.child.kill('SIGKILL');
      await waitForExit(second.child);
    }
  }, 60_000);
});

/** Writes carry "worker W write I": a later I for the same worker means a newer (unacknowledged) write. */
function isLaterWrite(found: string, acknowledged: string): boolean {
  const parse = (s: string) => /^worker (\d+) write (\d+)/.exec(s);
  const a = parse(found);
  const b = parse(acknowledged);
  return !!a && !!b && a[1] === b[1] && Number(a[2]) > Number(b[2]);
}
