import { describe, expect, it } from 'vitest';
import { MemoryClusterStore } from '../../../test/fakes/memory-cluster-store.js';
import { nodeOf, orders, ownedBy, ref, syncAll, LEASE, RENEW_EVERY } from '../../../test/cluster/cluster-sync-kit.js';
import { connectionOwner, serviceKeyString } from '../naming/naming-model.js';

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
});
