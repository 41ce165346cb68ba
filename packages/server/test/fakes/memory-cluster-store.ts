import type { ClusterStore, NodeLease, OwnedChanges } from '../../src/core/cluster/cluster-store.js';
import type { StoreChange } from '../../src/core/cluster/store-change.js';
import type { StoredInstance } from '../../src/core/naming/instance-store.js';
import { serviceKeyString, type ServiceKey } from '../../src/core/naming/naming-model.js';

/**
 * A ClusterStore shared in memory by the nodes of one test, with a clock the test moves and a feed: each
 * change goes to every subscribed node except the one that made it, as the PostgreSQL feed does.
 */
export class MemoryClusterStore implements ClusterStore {
  now = 1_000_000;
  /** Make every call fail, as an unreachable database does. */
  down = false;
  readonly leases = new Map<number, NodeLease>();
  readonly owned = new Map<number, Map<string, StoredInstance[]>>();
  readonly published: Array<{ nodeId: number; key: ServiceKey; put: number; removed: number }> = [];
  private readonly feeds = new Map<number, (change: StoreChange) => void>();

  subscribe(nodeId: number, listener: (change: StoreChange) => void): void {
    this.feeds.set(nodeId, listener);
  }

  async join(node: { nodeId: number; addr: string }, leaseMs: number): Promise<void> {
    this.check();
    this.owned.delete(node.nodeId);
    this.leases.set(node.nodeId, { ...node, leaseUntil: this.now + leaseMs });
    this.emit(node.nodeId, { kind: 'node-gone', nodeId: node.nodeId });
  }

  async renew(node: { nodeId: number; addr: string }, leaseMs: number) {
    this.check();
    const evicted = !this.leases.has(node.nodeId);
    this.leases.set(node.nodeId, { ...node, leaseUntil: this.now + leaseMs });
    return { now: this.now, nodes: [...this.leases.values()].map((n) => ({ ...n })), evicted };
  }

  async evict(nodeId: number): Promise<boolean> {
    this.check();
    const lease = this.leases.get(nodeId);
    if (!lease || lease.leaseUntil > this.now) return false;
    this.leases.delete(nodeId);
    this.owned.delete(nodeId);
    this.emit(0, { kind: 'node-gone', nodeId });
    return true;
  }

  async publishOwned(nodeId: number, key: ServiceKey, changes: OwnedChanges): Promise<void> {
    this.check();
    const byService = this.owned.get(nodeId) ?? new Map<string, StoredInstance[]>();
    this.owned.set(nodeId, byService);
    const same = (a: { ip: string; port: number; clusterName: string }, b: typeof a) =>
      a.ip === b.ip && a.port === b.port && a.clusterName === b.clusterName;
    const kept = (byService.get(serviceKeyString(key)) ?? []).filter(
      (i) => !changes.removed.some((r) => same(r, i)) && !changes.put.some((p) => same(p, i)),
    );
    byService.set(serviceKeyString(key), [...kept, ...structuredClone(changes.put)]);
    this.published.push({ nodeId, key, put: changes.put.length, removed: changes.removed.length });
    this.emit(nodeId, { kind: 'ephemeral', key, nodeId });
  }

  async loadOwned(key: ServiceKey, exceptNode: number): Promise<Map<number, StoredInstance[]>> {
    this.check();
    const out = new Map<number, StoredInstance[]>();
    for (const [nodeId, byService] of this.owned) {
      const list = byService.get(serviceKeyString(key));
      if (nodeId !== exceptNode && list) out.set(nodeId, structuredClone(list));
    }
    return out;
  }

  async loadAllOwned(exceptNode: number) {
    this.check();
    return [...this.owned]
      .filter(([nodeId]) => nodeId !== exceptNode)
      .map(([nodeId, byService]) => ({ nodeId, instances: structuredClone([...byService.values()].flat()) }));
  }

  async leave(nodeId: number): Promise<void> {
    this.check();
    this.leases.delete(nodeId);
    this.owned.delete(nodeId);
    this.emit(nodeId, { kind: 'node-gone', nodeId });
  }

  private emit(origin: number, change: StoreChange): void {
    for (const [nodeId, listener] of this.feeds) if (nodeId !== origin) listener(change);
  }

  private check(): void {
    if (this.down) throw new Error('connect ECONNREFUSED (store down)');
  }
}
