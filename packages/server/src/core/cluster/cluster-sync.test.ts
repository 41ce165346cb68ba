import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { createLogger } from '../../shared/logger.js';
import { MemoryClusterStore } from '../../../test/fakes/memory-cluster-store.js';
import { MemoryInstanceStore } from '../../../test/fakes/memory-instance-store.js';
import { connectionOwner, type ServiceKey } from '../naming/naming-model.js';
import { NamingService } from '../naming/naming-service.js';
import { ClusterNode } from './cluster-node.js';
import { EphemeralReplicator } from './ephemeral-replicator.js';

const logger = createLogger('silent');
const orders: ServiceKey = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'orders' };
const LEASE = 3000;

/** A node of an in-memory cluster: its registry, its replicator, its membership. */
async function nodeOf(store: MemoryClusterStore, nodeId: number) {
  const clock = new ManualClock(store.now);
  const naming = await NamingService.create(new MemoryInstanceStore(), clock);
  const replicator = new EphemeralReplicator(store, naming, nodeId, logger);
  const membership = new ClusterNode(
    store,
    naming,
    { nodeId, addr: `10.0.0.${nodeId}:9848`, leaseMs: LEASE },
    logger,
    () => replicator.republishAll(),
  );
  const pending: Array<Promise<void>> = [];
  store.subscribe(nodeId, (change) => {
    if (change.kind === 'ephemeral') pending.push(replicator.remoteChanged(change.key, change.nodeId));
    if (change.kind === 'node-gone') naming.cluster.dropNode(change.nodeId);
  });
  await membership.start();
  await replicator.start();
  replicator.stop(); // the test flushes by hand
  const pushed: string[] = [];
  naming.onServiceChanged((key) => pushed.push(key.serviceName));
  return {
    naming,
    replicator,
    membership,
    pushed,
    /** Applies what this node heard from the others, then publishes this node's own changes. */
    async sync() {
      await Promise.all(pending.splice(0));
      await replicator.flush();
    },
    ports: () => naming.query(orders).hosts.map((h) => h.port),
  };
}

describe('a cluster sharing ephemeral instances through its store', () => {
  it('mirrors an instance registered on one node on the other, and its removal', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const b = await nodeOf(store, 2);
    await a.naming.registerInstance(orders, { ip: '10.1.1.1', port: 7001 }, connectionOwner('c1'));
    await a.sync();
    await b.sync();
    expect(b.ports()).toEqual([7001]);
    expect(b.naming.query(orders).hosts[0]).toMatchObject({ ephemeral: true, healthy: true });
    expect(b.pushed).toContain('orders');
    // B publishes nothing of its own for the mirror: no echo back to A
    expect(store.published.filter((p) => p.nodeId === 2)).toEqual([]);

    await a.naming.deregisterInstance(orders, { ip: '10.1.1.1', port: 7001 });
    await a.sync();
    await b.sync();
    expect(b.ports()).toEqual([]);
  });

  it('writes only what changed: a heartbeat writes nothing, a weight change writes that instance', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const b = await nodeOf(store, 2);
    await a.naming.registerInstance(orders, { ip: '10.1.1.1', port: 7001 });
    await a.naming.registerInstance(orders, { ip: '10.1.1.2', port: 7001 });
    await a.sync();
    expect(store.published).toEqual([{ nodeId: 1, key: orders, put: 2, removed: 0 }]);
    a.naming.beat(orders, { ip: '10.1.1.1', port: 7001 });
    await a.sync();
    expect(store.published).toHaveLength(1);
    await a.naming.patchInstance(orders, { ip: '10.1.1.2', port: 7001 }, { weight: 3 });
    await a.sync();
    await b.sync();
    expect(store.published.at(-1)).toEqual({ nodeId: 1, key: orders, put: 1, removed: 0 });
    expect(b.naming.query(orders).hosts.map((h) => [h.ip, h.weight])).toEqual([
      ['10.1.1.1', 1],
      ['10.1.1.2', 3],
    ]);
  });

  it('an HTTP instance goes with its beats when a load balancer sends them to another node', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const b = await nodeOf(store, 2);
    const ownedBy = (nodeId: number) =>
      [...(store.owned.get(nodeId)?.values() ?? [])].flat().map((i) => `${i.ip}:${i.port}`);
    await a.naming.registerInstance(orders, { ip: '10.1.1.1', port: 7001 });
    await a.sync();
    await b.sync();
    expect(b.naming.beat(orders, { ip: '10.1.1.1', port: 7001 }).found).toBe(true);
    await b.sync();
    await a.sync();
    await b.sync();
    expect([ownedBy(1), ownedBy(2)]).toEqual([[], ['10.1.1.1:7001']]);
    // node 1 no longer expires it: node 2 gets the beats now
    expect(a.naming.cluster.ownEphemeral(orders)).toEqual([]);
    expect(a.ports()).toEqual([7001]);
    expect(b.ports()).toEqual([7001]);
  });

  it('keeps a local client instance over another node mirror of the same address', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const b = await nodeOf(store, 2);
    await b.naming.registerInstance(orders, { ip: '10.1.1.1', port: 7001, weight: 5 }, connectionOwner('moved'));
    await a.naming.registerInstance(orders, { ip: '10.1.1.1', port: 7001, weight: 1 }, connectionOwner('old'));
    await a.sync();
    await b.sync();
    expect(b.naming.query(orders).hosts.map((h) => h.weight)).toEqual([5]);
  });

  it('a node that stops renewing is removed with its instances; a store outage evicts nobody', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const b = await nodeOf(store, 2);
    await a.naming.registerInstance(orders, { ip: '10.1.1.1', port: 7001 }, connectionOwner('c1'));
    await a.sync();
    await b.sync();
    expect(b.membership.list().map((m) => [m.nodeId, m.leader, m.self])).toEqual([
      [1, true, false],
      [2, false, true],
    ]);

    // the store is out of reach longer than a lease: when it is back, B gives A a lease before judging it
    store.down = true;
    store.now += LEASE * 2;
    await b.membership.renew();
    store.down = false;
    await b.membership.renew();
    expect(b.ports()).toEqual([7001]);
    await a.membership.renew();

    // A dies (no more renewals): once its lease is out, B removes it and its instance
    store.now += LEASE + 1;
    await b.membership.renew();
    expect(b.ports()).toEqual([]);
    expect(b.membership.list().map((m) => m.nodeId)).toEqual([2]);
    expect(store.owned.has(1)).toBe(false);
  });

  it('a node evicted while cut off publishes its instances again when it is back', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const b = await nodeOf(store, 2);
    await a.naming.registerInstance(orders, { ip: '10.1.1.1', port: 7001 }, connectionOwner('c1'));
    await a.sync();
    await b.sync();
    store.now += LEASE + 1;
    await b.membership.renew(); // A looks dead to B
    expect(b.ports()).toEqual([]);
    await a.membership.renew(); // A learns it was evicted
    await a.sync();
    await b.sync();
    expect(b.ports()).toEqual([7001]);
  });
});
