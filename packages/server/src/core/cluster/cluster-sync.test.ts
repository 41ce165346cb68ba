import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { createLogger } from '../../shared/logger.js';
import { MemoryClusterStore } from '../../../test/fakes/memory-cluster-store.js';
import { MemoryInstanceStore } from '../../../test/fakes/memory-instance-store.js';
import { connectionOwner, serviceKeyString, type ServiceKey } from '../naming/naming-model.js';
import { NamingService } from '../naming/naming-service.js';
import { ClusterNode } from './cluster-node.js';
import { EphemeralReplicator } from './ephemeral-replicator.js';

const logger = createLogger('silent');
const orders: ServiceKey = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'orders' };
const LEASE = 3000;
const RENEW_EVERY = LEASE / 3;
const ref = { ip: '10.1.1.1', port: 7001 };

type Node = Awaited<ReturnType<typeof nodeOf>>;

/** A node of an in-memory cluster: its registry, its replicator, its membership. */
async function nodeOf(store: MemoryClusterStore, nodeId: number, removalGraceMs = 0) {
  const clock = new ManualClock(store.now);
  const naming = await NamingService.create(new MemoryInstanceStore(), clock);
  const replicator = new EphemeralReplicator(store, naming, nodeId, logger, removalGraceMs);
  const replaced: string[] = [];
  const membership = new ClusterNode(store, naming, { nodeId, addr: `10.0.0.${nodeId}:9848`, leaseMs: LEASE }, logger, {
    onEvicted: () => replicator.republishAll(),
    onLapsed: (gone) => replicator.takeOverFrom(gone),
    onGone: (gone) => replicator.nodeGone(gone),
    onReplaced: (by) => replaced.push(by),
    othersReachStore: async () => false,
  });
  naming.cluster.peers = {
    isAlive: (id) => membership.isAlive(id),
    relayBeat: (owner, key, r) => replicator.relayBeat(owner, key, r),
    commit: (key, put, removed) => replicator.commit(key, put, removed),
    writeThrough: (key, r, decide) => replicator.writeThrough(key, r, decide),
  };
  const pending: Array<Promise<void>> = [];
  store.subscribe(nodeId, (change) => {
    if (change.kind === 'ephemeral') pending.push(replicator.remoteChanged(change.key, change.nodeId));
    if (change.kind === 'node-gone') pending.push(replicator.nodeGone(change.nodeId));
    if (change.kind === 'beats') replicator.beatsRelayed(change.nodeId, change.instances);
  });
  await membership.start();
  await replicator.start();
  replicator.stop(); // the test flushes by hand
  const pushed: string[] = [];
  const seen: number[][] = [];
  naming.onServiceChanged((key) => {
    pushed.push(key.serviceName);
    // what a push would carry: pushers send on the next turn what the service holds then
    setImmediate(() => seen.push(naming.query(orders).hosts.map((h) => h.port)));
  });
  return {
    naming,
    clock,
    replicator,
    membership,
    pushed,
    /** Every list of `orders` this node would have pushed, in order (after a turn). */
    seen,
    replaced,
    /** Applies what this node heard from the others, then publishes this node's own changes. */
    async sync() {
      while (pending.length > 0) await Promise.all(pending.splice(0));
      await replicator.flush();
    },
    ports: () => naming.query(orders).hosts.map((h) => h.port),
  };
}

async function syncAll(...nodes: Node[]): Promise<void> {
  for (let round = 0; round < 3; round++) for (const node of nodes) await node.sync();
  await new Promise((resolve) => setImmediate(resolve));
}

const ownedBy = (store: MemoryClusterStore, nodeId: number) =>
  [...(store.owned.get(nodeId)?.values() ?? [])].flat().map((i) => `${i.ip}:${i.port}`);

describe('a cluster sharing ephemeral instances through its store', () => {
  it('mirrors an instance registered on one node on the other, and its removal', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const b = await nodeOf(store, 2);
    await a.naming.registerInstance(orders, ref, connectionOwner('c1'));
    await syncAll(a, b);
    expect(b.ports()).toEqual([7001]);
    expect(b.naming.query(orders).hosts[0]).toMatchObject({ ephemeral: true, healthy: true });
    expect(b.pushed).toContain('orders');
    // B publishes nothing of its own for the mirror: no echo back to A
    expect(store.published.filter((p) => p.nodeId === 2)).toEqual([]);

    await a.naming.deregisterInstance(orders, ref);
    await syncAll(a, b);
    expect(b.ports()).toEqual([]);
  });

  it('writes only what changed: a heartbeat writes nothing, a weight change writes that row only', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const b = await nodeOf(store, 2);
    // two registrations at once share one write
    await Promise.all([
      a.naming.registerInstance(orders, ref),
      a.naming.registerInstance(orders, { ip: '10.1.1.2', port: 7001 }),
    ]);
    await a.sync();
    expect(store.published).toEqual([{ nodeId: 1, key: orders, put: 2, removed: 0 }]);
    a.naming.beat(orders, ref);
    await a.sync();
    expect(store.published).toHaveLength(1);
    // an edit, even through the owner, changes the stored row in place; the owner publishes nothing more
    await a.naming.patchInstance(orders, { ip: '10.1.1.2', port: 7001 }, { weight: 3 });
    await syncAll(a, b);
    expect(store.published).toHaveLength(1);
    expect(
      store.owned
        .get(1)
        ?.get(serviceKeyString(orders))
        ?.map((i) => i.weight),
    ).toEqual([1, 3]);
    expect(a.naming.query(orders).hosts.map((h) => h.weight)).toEqual([1, 3]);
    expect(b.naming.query(orders).hosts.map((h) => [h.ip, h.weight])).toEqual([
      ['10.1.1.1', 1],
      ['10.1.1.2', 3],
    ]);
  });

  it('a client failing over re-registers on a node that mirrors it: written there, kept after the old node is evicted', async () => {
    const store = new MemoryClusterStore();
    const [a, b, c] = [await nodeOf(store, 1), await nodeOf(store, 2), await nodeOf(store, 3)];
    await a.naming.registerInstance(orders, ref, connectionOwner('on-a'));
    await syncAll(a, b, c);
    expect(c.ports()).toEqual([7001]);
    // A dies; the client reconnects to B and registers again, exactly as before
    await b.naming.registerInstance(orders, ref, connectionOwner('on-b'));
    await syncAll(b, c);
    expect([ownedBy(store, 1), ownedBy(store, 2)]).toEqual([[], ['10.1.1.1:7001']]);
    store.now += LEASE + RENEW_EVERY + 1;
    await b.membership.renew();
    await c.membership.renew();
    await syncAll(b, c);
    expect(b.membership.list().find((m) => m.nodeId === 1)?.healthy).toBe(false);
    expect(c.ports()).toEqual([7001]);
    expect(c.seen.every((ports) => ports.includes(7001))).toBe(true);
  });

  it('a client moving to another node (its old connection closes first) never goes missing elsewhere', async () => {
    const store = new MemoryClusterStore();
    const [a, b, c] = [await nodeOf(store, 1, 60_000), await nodeOf(store, 2), await nodeOf(store, 3)];
    await a.naming.registerInstance(orders, ref, connectionOwner('on-a'));
    await syncAll(a, b, c);
    a.naming.removeConnection('on-a'); // reloadCurrent: the client leaves A, then registers on B
    await syncAll(a, b, c);
    expect(c.ports()).toEqual([7001]);
    await b.naming.registerInstance(orders, ref, connectionOwner('on-b'));
    await syncAll(a, b, c);
    expect([ownedBy(store, 1), ownedBy(store, 2)]).toEqual([[], ['10.1.1.1:7001']]);
    expect(c.seen.every((ports) => ports.includes(7001))).toBe(true);
    expect(a.ports()).toEqual([7001]); // A mirrors B's copy now
  });

  it('a node evicting the dead one reads what others took over from it in the same step', async () => {
    const store = new MemoryClusterStore();
    const [a, b, c] = [await nodeOf(store, 1), await nodeOf(store, 2), await nodeOf(store, 3)];
    await a.naming.registerInstance(orders, ref, connectionOwner('on-a'));
    await syncAll(a, b, c);
    await b.naming.registerInstance(orders, ref, connectionOwner('on-b'));
    await b.sync(); // C has not applied B's announcement yet when it evicts A
    store.now += LEASE + RENEW_EVERY + 1;
    await b.membership.renew(); // B is alive (it renews; C does not look at it before it evicts A)
    await c.membership.renew();
    expect(c.ports()).toEqual([7001]);
    await syncAll(b, c);
    expect(c.seen.every((ports) => ports.includes(7001))).toBe(true);
  });

  it('deregister through a node that does not own the instance removes it on every node, for good', async () => {
    const store = new MemoryClusterStore();
    const [a, b, c] = [await nodeOf(store, 1), await nodeOf(store, 2), await nodeOf(store, 3)];
    await a.naming.registerInstance(orders, ref);
    await a.naming.registerInstance(orders, { ip: '10.1.1.2', port: 7002 }, connectionOwner('c1'));
    await syncAll(a, b, c);
    expect(await b.naming.deregisterInstance(orders, ref)).toBe(true);
    expect(await b.naming.deregisterInstance(orders, { ip: '10.1.1.2', port: 7002 })).toBe(true);
    await syncAll(a, b, c);
    for (const node of [a, b, c]) expect(node.ports()).toEqual([]);
    // A's next change in the service does not bring them back
    await a.naming.registerInstance(orders, { ip: '10.1.1.3', port: 7003 });
    await syncAll(a, b, c);
    for (const node of [a, b, c]) expect(node.ports()).toEqual([7003]);
  });

  it('an edit through a node that does not own the instance is adopted by its owner and not reverted', async () => {
    const store = new MemoryClusterStore();
    const [a, b, c] = [await nodeOf(store, 1), await nodeOf(store, 2), await nodeOf(store, 3)];
    await a.naming.registerInstance(orders, ref, connectionOwner('c1'));
    await syncAll(a, b, c);
    await b.naming.patchInstance(orders, ref, { weight: 7, enabled: false, metadata: { zone: 'b' } });
    await syncAll(a, b, c);
    for (const node of [a, b, c]) {
      expect(node.naming.listInstances(orders).map((i) => [i.weight, i.enabled, i.metadata.zone])).toEqual([
        [7, false, 'b'],
      ]);
    }
    // the owner changes something else: the edit stays
    await a.naming.patchInstance(orders, ref, { appName: 'shop' });
    await syncAll(a, b, c);
    expect(c.naming.listInstances(orders).map((i) => [i.weight, i.enabled, i.appName])).toEqual([[7, false, 'shop']]);
    await expect(b.naming.patchInstance(orders, { ip: '10.9.9.9', port: 1 }, { weight: 2 })).rejects.toThrow(
      /not found/,
    );
  });

  it('a registration is answered once stored: a deregister or edit through another node right after it takes effect', async () => {
    const store = new MemoryClusterStore();
    const [a, b] = [await nodeOf(store, 1), await nodeOf(store, 2)];
    const other = { ip: '10.1.1.2', port: 7002 };
    await a.naming.registerInstance(orders, ref);
    await a.naming.registerInstance(orders, other, connectionOwner('c1'));
    expect(await b.naming.deregisterInstance(orders, ref)).toBe(true);
    await b.naming.patchInstance(orders, other, { weight: 6 });
    await syncAll(a, b);
    for (const node of [a, b])
      expect(node.naming.query(orders).hosts.map((h) => [h.port, h.weight])).toEqual([[7002, 6]]);
    expect(
      store.owned
        .get(1)
        ?.get(serviceKeyString(orders))
        ?.map((i) => [i.port, i.weight]),
    ).toEqual([[7002, 6]]);
  });

  it("the owner's own change that no client asked for does not undo an edit made through another node meanwhile", async () => {
    const store = new MemoryClusterStore();
    const [a, b] = [await nodeOf(store, 1), await nodeOf(store, 2)];
    await a.naming.registerInstance(orders, ref);
    await syncAll(a, b);
    await b.naming.patchInstance(orders, ref, { weight: 7 });
    // before A hears of the edit, its beat timeout passes: A marks the instance unhealthy and writes that
    a.clock.advance(16_000);
    a.naming.tick();
    await a.replicator.flush();
    expect(
      store.owned
        .get(1)
        ?.get(serviceKeyString(orders))
        ?.map((i) => i.weight),
    ).toEqual([7]);
    await syncAll(a, b);
    for (const node of [a, b]) expect(node.naming.query(orders).hosts.map((h) => h.weight)).toEqual([7]);
  });

  it("a client's registration after an edit made through another node replaces it (it came later)", async () => {
    const store = new MemoryClusterStore();
    const [a, b] = [await nodeOf(store, 1), await nodeOf(store, 2)];
    await a.naming.registerInstance(orders, { ...ref, weight: 1 }, connectionOwner('c1'));
    await syncAll(a, b);
    await b.naming.patchInstance(orders, ref, { weight: 7 });
    await a.naming.replaceConnectionInstances('c1', orders, [{ ...ref, weight: 2 }]);
    await syncAll(a, b);
    for (const node of [a, b]) expect(node.naming.query(orders).hosts.map((h) => h.weight)).toEqual([2]);
  });

  it('a PUT that registers an instance and a DELETE through the same node right after leave nothing stored', async () => {
    const store = new MemoryClusterStore();
    const [a, b] = [await nodeOf(store, 1, 60_000), await nodeOf(store, 2, 60_000)];
    await b.naming.updateInstance(orders, { ...ref, weight: 6 });
    expect(ownedBy(store, 2)).toEqual(['10.1.1.1:7001']);
    await a.naming.patchInstance(orders, ref, { weight: 7 });
    expect(await b.naming.deregisterInstance(orders, ref)).toBe(true);
    expect([ownedBy(store, 1), ownedBy(store, 2)]).toEqual([[], []]);
    await syncAll(a, b);
    for (const node of [a, b]) expect(node.ports()).toEqual([]);
  });

  it('a deregister by the client itself is removed from the store at once, not after the grace of a closed connection', async () => {
    const store = new MemoryClusterStore();
    const [a, b] = [await nodeOf(store, 1, 60_000), await nodeOf(store, 2)];
    await a.naming.registerInstance(orders, ref, connectionOwner('c1'));
    await a.naming.replaceConnectionInstances('c1', orders, []);
    expect(ownedBy(store, 1)).toEqual([]);
    await syncAll(a, b);
    expect(b.ports()).toEqual([]);
  });

  it('beats reaching another node while the owner lives keep the instance alive there, with no write', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const b = await nodeOf(store, 2);
    await a.naming.registerInstance(orders, ref);
    await syncAll(a, b);
    const writes = store.published.length;
    // every beat now reaches B (a load balancer); A sees none for longer than the beat timeout
    for (let i = 0; i < 5; i++) {
      a.clock.advance(5_000);
      expect(b.naming.beat(orders, ref).found).toBe(true);
      await b.replicator['relayBeats']();
      a.naming.tick();
      await syncAll(a, b);
    }
    expect(store.published.length).toBe(writes);
    expect(ownedBy(store, 1)).toEqual(['10.1.1.1:7001']);
    expect(a.naming.query(orders).hosts.map((h) => [h.port, h.healthy])).toEqual([[7001, true]]);
    expect(store.relayed.length).toBe(5);
  });

  it('beats reaching another node when the owner stopped renewing move the instance there before the eviction', async () => {
    const store = new MemoryClusterStore();
    const [a, b, c] = [await nodeOf(store, 1), await nodeOf(store, 2), await nodeOf(store, 3)];
    await a.naming.registerInstance(orders, ref);
    await syncAll(a, b, c);
    b.naming.beat(orders, ref);
    store.now += LEASE + 1; // A's lease ran out; it is evicted one renewal later
    await b.membership.renew();
    await syncAll(b, c);
    expect(ownedBy(store, 2)).toEqual(['10.1.1.1:7001']);
    store.now += RENEW_EVERY;
    await c.membership.renew();
    await syncAll(b, c);
    expect(c.ports()).toEqual([7001]);
    expect(c.seen.every((ports) => ports.includes(7001))).toBe(true);
  });

  it('a take-over by beats keeps what the store holds, also an edit the taking node has not heard of', async () => {
    const store = new MemoryClusterStore();
    const [a, b] = [await nodeOf(store, 1), await nodeOf(store, 2)];
    await a.naming.registerInstance(orders, ref);
    await syncAll(a, b);
    // an edit B has not heard of yet (its announcement is still on the way)
    store.owned.get(1)!.get(serviceKeyString(orders))![0].weight = 7;
    store.now += LEASE + 1; // A stopped renewing: a beat reaching B takes the instance over
    await b.membership.renew();
    b.naming.beat(orders, ref);
    await b.replicator.flush();
    expect(
      store.owned
        .get(2)
        ?.get(serviceKeyString(orders))
        ?.map((i) => i.weight),
    ).toEqual([7]);
    expect(b.naming.query(orders).hosts.map((h) => h.weight)).toEqual([7]);
  });

  it('keeps a local client instance over another node mirror of the same address', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const b = await nodeOf(store, 2);
    await a.naming.registerInstance(orders, { ...ref, weight: 1 }, connectionOwner('old'));
    await syncAll(a, b);
    // the client moved to B and registered again; A writes the service again before it hears of that
    await b.naming.registerInstance(orders, { ...ref, weight: 5 }, connectionOwner('moved'));
    await a.naming.registerInstance(orders, { ip: '10.1.1.9', port: 7009 }, connectionOwner('other'));
    await syncAll(a, b);
    const weightOfRef = (n: Node) =>
      n.naming
        .query(orders)
        .hosts.filter((h) => h.port === ref.port)
        .map((h) => h.weight);
    expect(weightOfRef(b)).toEqual([5]);
    expect(weightOfRef(a)).toEqual([5]);
  });

  it('a node that stops renewing is evicted with its instances, listed DOWN alike everywhere; an outage evicts nobody', async () => {
    const store = new MemoryClusterStore();
    const [a, b, c] = [await nodeOf(store, 1), await nodeOf(store, 2), await nodeOf(store, 3)];
    await a.naming.registerInstance(orders, ref, connectionOwner('c1'));
    await syncAll(a, b, c);
    await b.membership.renew();
    expect(b.membership.list().map((m) => [m.nodeId, m.leader, m.self])).toEqual([
      [1, true, false],
      [2, false, true],
      [3, false, false],
    ]);

    // the store is out of reach longer than a lease: when it is back, B gives A a lease before judging it
    store.down = true;
    store.now += LEASE * 2;
    await b.membership.renew();
    store.down = false;
    await b.membership.renew();
    expect(b.ports()).toEqual([7001]);
    await a.membership.renew();
    await c.membership.renew();

    // A dies (no more renewals): one renewal after its lease ran out, B evicts it and its instance
    store.now += LEASE + RENEW_EVERY + 1;
    await b.membership.renew();
    await c.membership.renew();
    await b.membership.renew();
    await syncAll(b, c);
    expect(b.ports()).toEqual([]);
    expect(c.ports()).toEqual([]);
    expect(store.owned.has(1)).toBe(false);
    const states = (n: Node) => n.membership.list().map((m) => `${m.nodeId}:${m.healthy ? 'UP' : 'DOWN'}`);
    expect(states(b)).toEqual(['1:DOWN', '2:UP', '3:UP']);
    expect(states(c)).toEqual(states(b));
  });

  it('a node evicted while cut off publishes its instances again when it is back', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const b = await nodeOf(store, 2);
    await a.naming.registerInstance(orders, ref, connectionOwner('c1'));
    await syncAll(a, b);
    store.now += LEASE + RENEW_EVERY + 1;
    await b.membership.renew(); // A looks dead to B
    expect(b.ports()).toEqual([]);
    await a.membership.renew(); // A learns it was evicted
    await syncAll(a, b);
    expect(b.ports()).toEqual([7001]);
  });
});

describe('node identity', () => {
  it('refuses a second process with the id of a node that keeps renewing, whatever its address', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const renewing = setInterval(() => {
      store.now += 50;
      void a.membership.renew();
    }, 100);
    try {
      await expect(nodeOf(store, 1)).rejects.toThrow('cluster node id 1 is in use by the live node at 10.0.0.1:9848');
    } finally {
      clearInterval(renewing);
    }
  });

  it('a process restarted after a crash takes its id back once the old one stopped renewing', async () => {
    const store = new MemoryClusterStore();
    const a = await nodeOf(store, 1);
    const b = await nodeOf(store, 2);
    await a.naming.registerInstance(orders, ref, connectionOwner('c1'));
    await syncAll(a, b);
    const started = Date.now();
    const again = await nodeOf(store, 1); // A crashed: its lease is still running but nobody renews it
    expect(Date.now() - started).toBeLessThan(5_000);
    await syncAll(again, b);
    expect(b.ports()).toEqual([]); // the old life's instances are gone; its clients register again
    // the old process, were it only paused, finds its id taken and stops
    await a.membership.renew();
    expect(a.replaced).toEqual(['10.0.0.1:9848']);
  });
  it('evicts a lapsed node as soon as it is due, not a periodic renewal later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const store = new MemoryClusterStore();
      // node 1 took a lease once and died: it never renews
      await store.join({ nodeId: 1, addr: '10.0.0.1:9848', incarnation: 'crashed' }, LEASE, null);
      const b = await nodeOf(store, 2);
      // B sees the lapse 200 ms before it is due for eviction; its next periodic renewal is a renewal away
      store.now += LEASE + RENEW_EVERY - 200;
      await b.membership.renew();
      expect(store.leases.get(1)?.evicted).toBe(false);
      store.now += 300;
      await vi.advanceTimersByTimeAsync(400);
      expect(store.leases.get(1)?.evicted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
