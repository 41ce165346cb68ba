import { describe, expect, it, vi } from 'vitest';
import { MemoryClusterStore } from '../../../test/fakes/memory-cluster-store.js';
import {
  nodeOf,
  orders,
  ownedBy,
  ref,
  syncAll,
  LEASE,
  RENEW_EVERY,
  type SyncNode,
} from '../../../test/cluster/cluster-sync-kit.js';
import { connectionOwner, serviceKeyString } from '../naming/naming-model.js';

describe('a cluster sharing ephemeral instances through its store: beats and evictions', () => {
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

  it('a node evicted while cut off does not undo an edit the node that took its instance over made', async () => {
    const store = new MemoryClusterStore();
    const [a, b] = [await nodeOf(store, 1), await nodeOf(store, 2)];
    await a.naming.registerInstance(orders, { ...ref, weight: 6 });
    await syncAll(a, b);
    // A is cut off: the client's beats reach B, which takes the instance over and evicts A
    store.deaf.add(1);
    b.naming.beat(orders, ref);
    store.now += LEASE + 1;
    await b.membership.renew();
    await b.sync();
    store.now += RENEW_EVERY;
    await b.membership.renew();
    await b.sync();
    await b.naming.patchInstance(orders, ref, { weight: 2 });
    expect(ownedBy(store, 2)).toEqual(['10.1.1.1:7001']);
    // back before its next renewal, A has heard of none of it; its own copy turns unhealthy (no beats here)
    store.deaf.delete(1);
    a.clock.advance(20_000);
    a.naming.tick();
    await a.replicator.flush();
    await a.membership.renew(); // A learns it was evicted and publishes again
    await syncAll(a, b);
    const weights = (n: SyncNode) => n.naming.query(orders).hosts.map((h) => h.weight);
    expect(weights(a)).toEqual([2]);
    expect(weights(b)).toEqual([2]);
    const stored = [...store.owned.values()].flatMap((byService) => byService.get(serviceKeyString(orders)) ?? []);
    expect(stored.map((i) => i.weight)).toEqual([2]);
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
    const weightOfRef = (n: SyncNode) =>
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
    expect((await store.loadAllOwned(0)).map((n) => n.nodeId)).not.toContain(1);
    const states = (n: SyncNode) => n.membership.list().map((m) => `${m.nodeId}:${m.healthy ? 'UP' : 'DOWN'}`);
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
