import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDataDir } from './helpers.js';
import { lastErrorLine, runCli } from './run-cli.js';
import { startServerProcess, waitForExit } from './server-process.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-backup-'));
const dataDirs: string[] = [];
afterAll(() => {
  for (const d of [dir, ...dataDirs]) rmSync(d, { recursive: true, force: true });
});

function newDataDir(): string {
  const d = tempDataDir();
  dataDirs.push(d);
  return d;
}

async function publish(baseUrl: string, dataId: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/nacos/v1/cs/configs`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ dataId, group: 'DEFAULT_GROUP', content: `value of ${dataId}` }).toString(),
  });
  return res.ok && (await res.text()) === 'true';
}

/** The data ids `c<n>` a data dir holds, as numbers. */
async function storedIndexes(dataDir: string): Promise<number[]> {
  const app = await buildTestApp({ dataDir });
  try {
    return [...app.core.configs.all()].map((c) => Number(c.dataId.slice(1))).sort((a, b) => a - b);
  } finally {
    await app.close();
  }
}

describe('tsnacos backup / restore', () => {
  it('backs up a running server during publishes; the restored store holds every acknowledged config', async () => {
    const dataDir = newDataDir();
    const server = await startServerProcess({ RNACOS_DATA_DIR: dataDir });
    let acknowledged = 0;
    let publishing = true;
    const publisher = (async () => {
      for (let i = 0; publishing; i++) {
        if (!(await publish(server.baseUrl, `c${i}`))) throw new Error(`publish c${i} failed`);
        acknowledged = i + 1;
      }
    })();
    try {
      while (acknowledged < 50) await new Promise((r) => setTimeout(r, 20));
      const ackedBeforeBackup = acknowledged;
      const file = path.join(dir, 'running.db');
      const backup = await runCli(['backup', '--out', file, '--data-dir', dataDir]);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/backed up .* to .*running\.db \(\d+ bytes\)/);
      const ackedAfterBackup = acknowledged;
      expect(ackedAfterBackup, 'publishes went on during the backup').toBeGreaterThan(ackedBeforeBackup);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      publishing = false;
      await publisher;
      // restoring over the store of a running (even idle) server is refused
      const refused = await runCli(['restore', '--from', file, '--data-dir', dataDir]);
      expect(refused.code).not.toBe(0);
      expect(lastErrorLine(refused)).toMatch(/is in use: stop the tsnacos server first/);

      const target = newDataDir();
      const restored = await runCli(['restore', '--from', file, '--data-dir', target]);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(/restored .* configs, schema \d+/);

      const db = new Database(path.join(target, 'tsnacos.db'), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
      const indexes = await storedIndexes(target);
      // a consistent snapshot of sequential publishes: c0..c(n-1) without a gap, n at least those acknowledged before
      expect(indexes.length).toBeGreaterThanOrEqual(ackedBeforeBackup);
      expect(indexes.length).toBeLessThanOrEqual(ackedAfterBackup + 1);
      expect(indexes).toEqual(indexes.map((_, i) => i));
    } finally {
      publishing = false;
      await publisher.catch(() => undefined);
      server.child.kill('SIGTERM');
      await waitForExit(server.child);
    }
  }, 90_000);

  it('keeps the store it replaces aside, and refuses a file that is not a tsnacos store', async () => {
    const source = newDataDir();
    const app = await buildTestApp({ dataDir: source });
    await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'from-backup', content: 'x' });
    await app.close();
    const file = path.join(dir, 'stopped.db');
    expect((await runCli(['backup', '-o', file, '--data-dir', source])).code).toBe(0);

    const target = newDataDir();
    const old = await buildTestApp({ dataDir: target });
    await old.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'before', content: 'y' });
    await old.close();
    const restored = await runCli(['restore', '-f', file, '--data-dir', target]);
    expect(restored.code, restored.stderr).toBe(0);
    const aside = readdirSync(target).find((name) => name.startsWith('tsnacos.db.before-restore-'));
    expect(aside).toBeDefined();
    expect(restored.stdout).toContain(aside);
    const after = await buildTestApp({ dataDir: target });
    try {
      expect(after.core.configs.get({ namespaceId: '', group: 'G', dataId: 'from-backup' })?.content).toBe('x');
      expect(after.core.configs.get({ namespaceId: '', group: 'G', dataId: 'before' })).toBeUndefined();
    } finally {
      await after.close();
    }

    const garbage = path.join(dir, 'garbage.db');
    writeFileSync(garbage, 'not a database at all, just text that is long enough to look like a file');
    const notDb = await runCli(['restore', '-f', garbage, '--data-dir', newDataDir()]);
    expect(notDb.code).not.toBe(0);
    expect(lastErrorLine(notDb)).toMatch(/is not a SQLite database|cannot be opened/);

    const foreign = path.join(dir, 'foreign.db');
    const other = new Database(foreign);
    other.exec('CREATE TABLE t (x INTEGER)');
    other.close();
    const emptyTarget = newDataDir();
    const notOurs = await runCli(['restore', '-f', foreign, '--data-dir', emptyTarget]);
    expect(lastErrorLine(notOurs)).toMatch(/is not a tsnacos store/);
    expect(existsSync(path.join(emptyTarget, 'tsnacos.db'))).toBe(false);
  }, 60_000);
});
