import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/helpers.js';
import { ManualClock } from '../../shared/clock.js';
import { NacosError } from '../../shared/errors.js';
import { openDatabase, type SqliteDatabase } from '../../storage/sqlite/database.js';
import { SqliteConfigStore } from '../../storage/sqlite/sqlite-config-store.js';
import { publishBatch } from './config-batch.js';
import { configKeyString } from './config-key.js';
import { ConfigService } from './config-service.js';

const key = { namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'app.props' };
const opened: SqliteDatabase[] = [];
const dirs: string[] = [];

/** Two services over one store file: what two nodes sharing a database see. */
async function twoNodes() {
  const dir = tempDataDir();
  dirs.push(dir);
  const clock = new ManualClock(1000);
  const [dbA, dbB] = [openDatabase(dir), openDatabase(dir)];
  opened.push(dbA, dbB);
  return {
    a: await ConfigService.create(new SqliteConfigStore(dbA), clock, 1024),
    b: await ConfigService.create(new SqliteConfigStore(dbB), clock, 1024),
  };
}

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a config changed by another writer of the store', () => {
  it('refresh brings it into memory and wakes the watchers once', async () => {
    const { a, b } = await twoNodes();
    const woken: string[] = [];
    a.watch(configKeyString(key), (k) => woken.push(k));
    await b.publish({ ...key, content: 'v=1' });
    expect(a.get(key)).toBeUndefined();
    await a.refresh(key);
    expect(a.get(key)?.content).toBe('v=1');
    await a.refresh(key);
    expect(woken).toHaveLength(1);
    await b.remove(key);
    await a.refresh(key);
    expect(a.get(key)).toBeUndefined();
    expect(woken).toHaveLength(2);
  });

  it('a casMd5 publish from a node whose copy is behind fails instead of overwriting', async () => {
    const { a, b } = await twoNodes();
    await a.publish({ ...key, content: 'base' });
    await b.refresh(key);
    const baseMd5 = b.get(key)!.md5;
    await a.publish({ ...key, content: 'newer' });
    // b has not heard of "newer" yet: its own copy still matches the md5 the client sends
    const stale = b.publish({ ...key, content: 'lost update', casMd5: baseMd5 });
    await expect(stale).rejects.toThrow(NacosError);
    await expect(stale).rejects.toThrow(/Cas publish fail/);
    await b.refresh(key);
    expect(b.get(key)?.content).toBe('newer');
  });
});

describe('a node whose copy is behind the store', () => {
  it('publishing what it still holds writes it over what another node committed since', async () => {
    const { a, b } = await twoNodes();
    await a.publish({ ...key, content: 'A' });
    await b.publish({ ...key, content: 'B' });
    // a has not heard of B: the store, not its copy, decides that A is a change
    expect((await a.publish({ ...key, content: 'A' })).changed).toBe(true);
    await b.refresh(key);
    expect([a.get(key)?.content, b.get(key)?.content]).toEqual(['A', 'A']);
    expect((await a.history(key, 0, 10)).items.map((h) => h.content)).toEqual(['A', 'B', 'A']);
  });

  it('publishing what the store already holds changes nothing and catches up', async () => {
    const { a, b } = await twoNodes();
    await a.publish({ ...key, content: 'A' });
    await b.publish({ ...key, content: 'B' });
    expect((await a.publish({ ...key, content: 'B' })).changed).toBe(false);
    expect(a.get(key)?.content).toBe('B');
    expect((await a.history(key, 0, 10)).total).toBe(2);
  });

  it('removing a config it has not seen yet removes it from the store', async () => {
    const { a, b } = await twoNodes();
    await b.publish({ ...key, content: 'new' });
    expect(await a.remove(key)).toBe(true);
    await b.refresh(key);
    expect(b.get(key)).toBeUndefined();
    expect((await b.history(key, 0, 1)).items[0]).toMatchObject({ op: 'D', content: 'new' });
    // nothing left to remove: false, and no history entry
    expect(await b.remove(key)).toBe(false);
    expect((await b.history(key, 0, 10)).total).toBe(2);
  });

  it('a casMd5 matching the store is accepted though its own copy has another md5', async () => {
    const { a, b } = await twoNodes();
    await a.publish({ ...key, content: 'base' });
    const newer = await b.publish({ ...key, content: 'newer' });
    const result = await a.publish({ ...key, content: 'next', casMd5: newer.item.md5 });
    expect(result).toMatchObject({ changed: true, item: { content: 'next' } });
  });
});

describe('a batch (zip import, clone) on a node that has not heard of a config yet', () => {
  it('SKIP and ABORT find the config another node stored and leave it', async () => {
    const { a, b } = await twoNodes();
    await b.publish({ ...key, content: 'kept' });
    const item = { key, content: 'imported' };
    expect(await publishBatch(a, [item], 'ABORT', {})).toEqual({ written: [], skipped: [], conflicts: [key] });
    expect(await publishBatch(a, [item], 'SKIP', {})).toEqual({ written: [], skipped: [key], conflicts: [key] });
    await b.refresh(key);
    expect(b.get(key)?.content).toBe('kept');
  });
});

describe('a resync running while this node writes', () => {
  /** A service whose resync snapshot is read at once and handed over only when `release` is called. */
  async function slowResync() {
    const dir = tempDataDir();
    dirs.push(dir);
    const db = openDatabase(dir);
    opened.push(db);
    const store = new SqliteConfigStore(db);
    const gate: { hold?: Promise<void> } = {};
    const slowSnapshot = Object.assign(Object.create(store) as SqliteConfigStore, {
      loadAll: async () => {
        const snapshot = await store.loadAll();
        await gate.hold;
        return snapshot;
      },
    });
    const a = await ConfigService.create(slowSnapshot, new ManualClock(1000), 1024);
    await a.publish({ ...key, content: 'old' });
    let release = () => undefined as void;
    gate.hold = new Promise<void>((resolve) => (release = resolve));
    return { a, reloading: a.reload(), release };
  }

  it('keeps the newer config this node committed after the snapshot was read', async () => {
    const { a, reloading, release } = await slowResync();
    await a.publish({ ...key, content: 'new' });
    release();
    await reloading;
    expect(a.get(key)?.content).toBe('new');
  });

  it('keeps removed a config this node removed after the snapshot was read', async () => {
    const { a, reloading, release } = await slowResync();
    await a.remove(key);
    release();
    await reloading;
    expect(a.get(key)).toBeUndefined();
  });
});
