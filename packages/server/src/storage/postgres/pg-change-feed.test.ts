import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type Postgres } from '../../../test/postgres-server.js';
import { startDbLinkProxy } from '../../../test/db-link-proxy.js';
import { startHoldingProxy } from '../../../test/holding-proxy.js';
import { waitUntil } from '../../../test/interop/wait-until.js';
import type { StoreChange } from '../../core/cluster/store-change.js';
import type { ConfigItem } from '../../core/config/config-model.js';
import { PgChangeFeed } from './pg-change-feed.js';
import { PgConfigStore } from './pg-config-store.js';
import { inTransaction, notifyChange, openPostgres, type PgDatabase } from './pg-database.js';

const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`PostgreSQL change feed tests skipped: ${pg}`);

const key = { namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'feed.txt' };
const item = (content: string) => ({
  ...key,
  content,
  md5: `md5-${content}`,
  type: 'text' as const,
  encryptedDataKey: '',
  desc: '',
  appName: '',
  configTags: '',
  srcUser: '',
  srcIp: '',
  createdAt: 1,
  modifiedAt: 1,
});

class CasRefused extends Error {}
/** Writes `next` (refused when `expectedMd5` is given and the stored md5 differs), as the config service does. */
function write(store: PgConfigStore, next: ReturnType<typeof item>, expectedMd5?: string) {
  return store.save(next, (committed: ConfigItem | undefined) => {
    if (expectedMd5 !== undefined && committed && committed.md5 !== expectedMd5) throw new CasRefused();
    return { item: next, history: { ...next, op: 'U' } };
  });
}

describe.skipIf(typeof pg === 'string')('the PostgreSQL change feed between two nodes', () => {
  let node1: PgDatabase;
  let node2: PgDatabase;
  let feed1: PgChangeFeed;
  let feed2: PgChangeFeed;
  const heard1: StoreChange[] = [];
  const heard2: StoreChange[] = [];
  let resyncs2 = 0;

  beforeAll(async () => {
    const url = await (pg as Postgres).createDatabase('feed');
    node1 = await openPostgres(url, { nodeId: 1 });
    node2 = await openPostgres(url, { nodeId: 2 });
    feed1 = await PgChangeFeed.start(node1);
    feed2 = await PgChangeFeed.start(node2);
    feed1.onChange((c) => heard1.push(c));
    // listeners that throw come first: the ones after them still hear everything
    feed2.onChange(() => {
      throw new Error('a failing listener');
    });
    feed2.onResync(() => {
      throw new Error('a failing listener');
    });
    feed2.onChange((c) => heard2.push(c));
    feed2.onResync(() => resyncs2++);
  });

  afterAll(async () => {
    await Promise.all([feed1?.close(), feed2?.close()]);
    await Promise.all([node1?.close(), node2?.close()]);
    if (typeof pg !== 'string') await pg.stop();
  });

  it("delivers a node's committed change to the other node, not back to itself", async () => {
    await write(new PgConfigStore(node1), item('one'));
    await waitUntil('node 2 hears it', () => heard2.length === 1);
    expect(heard2).toEqual([{ kind: 'config', key }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard1).toEqual([]);
  });

  it('announces nothing for a failed CAS write or a rolled-back transaction', async () => {
    heard2.length = 0;
    const store = new PgConfigStore(node1);
    await expect(write(store, item('x'), 'md5-wrong')).rejects.toThrow(CasRefused);
    const failing = inTransaction(node1, async (client) => {
      await notifyChange(client, node1, { kind: 'users' });
      throw new Error('rolled back');
    });
    await expect(failing).rejects.toThrow('rolled back');
    // announcements arrive in commit order: once the marker is heard, nothing else is coming
    const marker = { ...key, dataId: 'marker.txt' };
    await write(store, { ...item('m'), ...marker });
    await waitUntil('node 2 hears the marker', () => heard2.length > 0);
    expect(heard2).toEqual([{ kind: 'config', key: marker }]);
    expect((await store.get(key))?.item.content).toBe('one');
  });

  it("applies a node's own write that failed after its COMMIT was sent but committed, to that node too", async () => {
    // a COMMIT that takes longer than the node's database timeout: the write answers 503, the commit lands
    const url = await (pg as Postgres).createDatabase('feed_doubt');
    const db = await openPostgres(url, { nodeId: 1, timeoutMs: 600 });
    const feed = await PgChangeFeed.start(db);
    const heard: StoreChange[] = [];
    feed.onChange((c) => heard.push(c));
    try {
      await db.pool.query(`CREATE TABLE slow_commit (n INT);
        CREATE FUNCTION slow_commit_sleep() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN PERFORM pg_sleep(1.5); RETURN NULL; END $$;
        CREATE CONSTRAINT TRIGGER slow AFTER INSERT ON slow_commit DEFERRABLE INITIALLY DEFERRED
          FOR EACH ROW EXECUTE FUNCTION slow_commit_sleep()`);
      const slowWrite = (n: number, change: StoreChange) =>
        inTransaction(db, async (client) => {
          await client.query('SET LOCAL statement_timeout = 0');
          await client.query('INSERT INTO slow_commit VALUES ($1)', [n]);
          await notifyChange(client, db, change);
        });
      await expect(slowWrite(1, { kind: 'users' })).rejects.toMatchObject({ kind: 'unavailable' });
      expect(heard).toEqual([]);
      await waitUntil('the node hears its own write that committed', () => heard.length > 0, 5_000);
      expect(heard).toEqual([{ kind: 'users' }]);
      await waitUntil('the node counts the database as back', () => !db.health.refusing);
      expect((await db.pool.query('SELECT n FROM slow_commit')).rows).toEqual([{ n: 1 }]);
      // a write that fails before its COMMIT was sent wrote nothing: nothing to apply
      heard.length = 0;
      const failing = inTransaction(db, async (client) => {
        await notifyChange(client, db, { kind: 'namespaces' });
        throw new Error('rolled back');
      });
      await expect(failing).rejects.toThrow('rolled back');
      await write(new PgConfigStore(db), { ...item('own'), dataId: 'own.txt' });
      await new Promise((r) => setTimeout(r, 300));
      expect(heard).toEqual([]);
    } finally {
      await feed.close();
      await db.close();
    }
  }, 20_000);

  it('lets exactly one of two nodes racing with the same expected md5 win', async () => {
    const stores = [new PgConfigStore(node1), new PgConfigStore(node2)];
    const results = await Promise.allSettled(stores.map((s, i) => write(s, item(`racer-${i}`), 'md5-one')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(CasRefused);
    const winner = results.findIndex((r) => r.status === 'fulfilled');
    expect((await stores[0].get(key))?.item.content).toBe(`racer-${winner}`);
    // the loser wrote no history: the first save, then the winner
    expect((await stores[0].listHistory(key, 0, 10)).items.map((h) => h.content)).toEqual([`racer-${winner}`, 'one']);
  });

  it('reconnects after its connection is cut and asks for a resync', async () => {
    await node1.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    await waitUntil('node 2 resyncs', () => resyncs2 >= 1, 10_000);
    heard2.length = 0;
    await write(new PgConfigStore(node1), item('after'));
    await waitUntil('node 2 hears changes again', () => heard2.length === 1);
  });

  it('closed while reconnecting, it leaves no connection behind and fires nothing', async () => {
    const proxy = await startHoldingProxy((pg as Postgres).port);
    const url = node2.url.replace(`:${(pg as Postgres).port}/`, `:${proxy.port}/`);
    const feed = await PgChangeFeed.start({ ...node2, url });
    let resyncs = 0;
    feed.onResync(() => resyncs++);
    try {
      proxy.hold();
      proxy.cut();
      await waitUntil('the feed tries to reconnect', () => proxy.waiting.size > 0);
      await feed.close();
      await waitUntil('the feed drops its half-open connection', () => proxy.open.size === 0, 2000);
      proxy.release();
      await new Promise((r) => setTimeout(r, 500));
      expect(proxy.open.size).toBe(0);
      expect(resyncs).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('behind a proxy whose database went away, it retries with backoff, not in a growing storm', async () => {
    const link = await startDbLinkProxy((pg as Postgres).port);
    const feed = await PgChangeFeed.start({ ...node2, url: link.url(node2.url) });
    try {
      link.set({ kind: 'hung-up' });
      const before = link.accepted();
      await new Promise((r) => setTimeout(r, 5_000));
      // backoff from 0.2 s to at most 2 s: a handful of attempts in 5 s (each failure once, not twice)
      const attempts = link.accepted() - before;
      expect(attempts, `${attempts} connection attempts in 5 s`).toBeLessThanOrEqual(8);
      expect(attempts).toBeGreaterThanOrEqual(2);
    } finally {
      await feed.close();
      await link.close();
    }
  }, 20_000);

  it('names the database without its password when it cannot be reached', async () => {
    const url = `postgres://tsnacos:s3cret-pw@127.0.0.1:${(pg as Postgres).port + 1}/nowhere`;
    const failure = await openPostgres(url, { nodeId: 9 }).catch((err: Error) => err);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(
      /^cannot reach PostgreSQL at postgres:\/\/tsnacos:\*\*\*@127\.0\.0\.1:\d+\/nowhere: .*ECONNREFUSED/,
    );
    expect((failure as Error).message).not.toContain('s3cret-pw');
  });
});
