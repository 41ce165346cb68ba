import { describe, expect, it } from 'vitest';
import { MemoryClusterStore } from '../../../test/fakes/memory-cluster-store.js';
import {
  nodeOf,
  orders,
  ref,
  syncAll,
  LEASE,
  RENEW_EVERY,
  type SyncNode,
} from '../../../test/cluster/cluster-sync-kit.js';
import { connectionOwner } from '../naming/naming-model.js';

const stored = async (store: MemoryClusterStore) =>
  (await store.loadAllOwned(0)).flatMap(({ nodeId, instances }) => instances.map((i) => `${nodeId}:${i.port}`));
const listed = (n: SyncNode) =>
  n.naming
    .query(orders)
    .hosts.map((h) => `${h.port}:${h.weight}`)
    .sort();

/** A is paused (hears nothing, writes nothing) past its lease; B evicts it; `meanwhile` runs around that. */
async function pauseAndEvict(store: MemoryClusterStore, a: SyncNode, b: SyncNode, meanwhile: () => Promise<void>) {
  store.deaf.add(1);
  await meanwhile();
  store.now += LEASE + RENEW_EVERY + 1;
  await b.membership.renew();
  await b.sync();
}

/** A runs again: what it had to say goes out first, then it learns it was evicted and rejoins. */
async function resume(store: MemoryClusterStore, a: SyncNode, b: SyncNode) {
  store.deaf.delete(1);
  await a.replicator.flush();
  await a.membership.renew();
  await syncAll(a, b);
}

describe('a node evicted while paused, back again', () => {
  it('does not bring back an instance deregistered through another node before its eviction', async () => {
    const store = new MemoryClusterStore();
    const [a, b] = [await nodeOf(store, 1), await nodeOf(store, 2)];
    await a.naming.registerInstance(orders, ref);
    await syncAll(a, b);
    await b.naming.patchInstance(orders, ref, { weight: 5 });
    await syncAll(a, b);
    await pauseAndEvict(store, a, b, async () => {
      expect(await b.naming.deregisterInstance(orders, ref)).toBe(true);
    });
    await resume(store, a, b);
    expect(await stored(store)).toEqual([]);
    expect(listed(a)).toEqual([]);
    expect(listed(b)).toEqual([]);
  });

  it('does not bring back an instance deregistered through another node while it was evicted', async () => {
    const store = new MemoryClusterStore();
    const [a, b] = [await nodeOf(store, 1), await nodeOf(store, 2)];
    await a.naming.registerInstance(orders, ref);
    await syncAll(a, b);
    await pauseAndEvict(store, a, b, async () => undefined);
    expect(await b.naming.deregisterInstance(orders, ref)).toBe(true);
    await resume(store, a, b);
    expect(await stored(store)).toEqual([]);
    expect(listed(a)).toEqual([]);
    expect(listed(b)).toEqual([]);
  });

  it('keeps the edit of a node that took its instance over, and lists its live clients again', async () => {
    const store = new MemoryClusterStore();
    const [a, b] = [await nodeOf(store, 1), await nodeOf(store, 2)];
    await a.naming.registerInstance(orders, ref);
    await a.naming.registerInstance(orders, { ip: '10.1.1.2', port: 7002 }, connectionOwner('c1'));
    await syncAll(a, b);
    await pauseAndEvict(store, a, b, async () => {
      // the client of 7001 moved to B and registered again there, and B edited it
      await b.naming.registerInstance(orders, { ...ref, weight: 3 });
      await b.sync();
    });
    await b.naming.patchInstance(orders, ref, { weight: 4 });
    await resume(store, a, b);
    expect((await stored(store)).sort()).toEqual(['1:7002', '2:7001']);
    expect(listed(a)).toEqual(['7001:4', '7002:1']);
    expect(listed(b)).toEqual(['7001:4', '7002:1']);
  });
});
