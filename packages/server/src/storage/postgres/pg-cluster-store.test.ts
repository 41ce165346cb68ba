import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { startPostgres, type Postgres } from '../../../test/postgres-server.js';
import type { StoredInstance } from '../../core/naming/instance-store.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import { PgClusterStore } from './pg-cluster-store.js';
import { openPostgres, type PgDatabase } from './pg-database.js';

const server = await startPostgres();
if (typeof server === 'string') console.warn(`PostgreSQL cluster store tests skipped: ${server}`);

const key: ServiceKey = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'orders' };
const instance = (weight: number, port = 7001): StoredInstance => ({
  key,
  ip: '10.1.1.1',
  port,
  clusterName: 'DEFAULT',
  instanceId: `10.1.1.1#${port}#DEFAULT#DEFAULT_GROUP@@orders`,
  weight,
  healthy: true,
  enabled: true,
  metadata: {},
  appName: '',
  registeredAt: 1,
  modifiedAt: 1,
});
const ref = { ip: '10.1.1.1', port: 7001, clusterName: 'DEFAULT' };
const LEASE = 60_000;

/** Holds every COMMIT of `db`'s transactions until `release()`; `waiting` resolves once one is held. */
function holdCommits(db: PgDatabase) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const waiting = new Promise<void>((resolve) => (reached = resolve));
  const connect = db.pool.connect.bind(db.pool) as () => Promise<pg.PoolClient>;
  const held = new WeakSet<pg.PoolClient>();
  db.pool.connect = (async () => {
    const client = await connect();
    if (held.has(client)) return client;
    held.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    client.query = ((...args: unknown[]) => {
      if (args[0] !== 'COMMIT') return query(...args);
      reached();
      return gate.then(() => query(...args));
    }) as never;
    return client;
  }) as never;
  const release = () => {
    // the pool's own method again (the prototype's)
    delete (db.pool as { connect?: unknown }).connect;
    open();
  };
  return { waiting, release };
}

/** Resolves once some statement waits for a lock another transaction holds. */
async function waitingOnLock(db: PgDatabase): Promise<void> {
  for (;;) {
    const { rows } = await db.pool.query<{ waiting: boolean }>('SELECT bool_or(NOT granted) AS waiting FROM pg_locks');
    if (rows[0].waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(typeof server === 'string')('ephemeral instances in PostgreSQL', () => {
  const pgServer = server as Postgres;
  let url: string;
  const dbs: PgDatabase[] = [];

  beforeAll(async () => {
    url = await pgServer.createDatabase('cluster_store');
  });
  afterAll(async () => {
    for (const db of dbs) await db.close();
    await pgServer.stop();
  });

  async function node(nodeId: number) {
    const db = await openPostgres(url, { nodeId, timeoutMs: 10_000 });
    dbs.push(db);
    const store = new PgClusterStore(db);
    const identity = { nodeId, addr: `10.0.0.${nodeId}:9848`, incarnation: `i${nodeId}` };
    await store.join(identity, LEASE, null);
    return { db, store, identity };
  }

  async function owners(): Promise<number[]> {
    const { rows } = await dbs[0].pool.query<{ node_id: string }>(
      'SELECT node_id FROM ephemeral_instance WHERE ip = $1 AND port = $2 ORDER BY node_id',
      [ref.ip, ref.port],
    );
    return rows.map((r) => Number(r.node_id));
  }

  it('keeps one owner of an instance two nodes write at once: the write committed last takes it', async () => {
    const a = await node(11);
    const b = await node(12);
    // A's write of the instance is done but its COMMIT waits (a database that froze with it in the socket)
    const held = holdCommits(a.db);
    const aWrite = a.store.publishOwned(
      11,
      [{ key, changes: { put: [], update: [instance(3)], removed: [] } }],
      () => true,
    );
    await held.waiting;
    // meanwhile B takes the instance over (its client registered there); then A's COMMIT goes through
    const bWrite = b.store.publishOwned(12, [{ key, changes: { put: [instance(5)], removed: [] } }]);
    // done, or waiting on A's row (a lock not granted) before A commits
    await Promise.race([bWrite, waitingOnLock(b.db)]);
    held.release();
    await Promise.all([aWrite, bWrite]);
    expect(await owners()).toEqual([12]);
  });

  it('an evicted node back again lists only what nobody deregistered or took over meanwhile', async () => {
    const a = await node(21);
    const b = await node(22);
    const other = instance(1, 7002);
    await a.store.publishOwned(21, [{ key, changes: { put: [instance(1), other], removed: [] } }]);
    await a.db.pool.query('UPDATE cluster_node SET lease_until = 0 WHERE node_id = 21');
    expect(await b.store.evict(21, 0)).toBe(true);
    expect((await b.store.loadOwned(key, 22)).get(21)).toBeUndefined();
    // a deregistration through B while A is evicted reaches its hidden row; an edit finds nothing
    expect(await b.store.editEphemeral(key, { ...ref, port: 7002 }, (s) => ({ ...s, weight: 9 }))).toEqual([]);
    await b.store.publishOwned(22, [{ key, changes: { put: [], removed: [], removedAnywhere: [ref] } }]);
    const back = await a.store.renew(a.identity, LEASE);
    const listed = (await b.store.loadOwned(key, 22)).get(21) ?? [];
    expect(listed.map((i) => [i.port, i.weight])).toEqual([[7002, 1]]);
    expect([back.evicted, back.forgotten]).toEqual([true, false]);
  });
});
