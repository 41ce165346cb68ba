import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
