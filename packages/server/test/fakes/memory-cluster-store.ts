import type {
  ClusterStore,
  EphemeralDecision,
  EphemeralWritten,
  LeaseHolder,
  NodeIdentity,
  NodeLease,
  OwnedWrite,
  PublishResult,
  PutDecision,
  RelayedBeat,
  RemovedRow,
  Renewal,
  SkippedPut,
} from '../../src/core/cluster/cluster-store.js';
import type { InstanceRef, StoreChange } from '../../src/core/cluster/store-change.js';
import type { StoredInstance } from '../../src/core/naming/instance-store.js';
import { serviceKeyString, type ServiceKey } from '../../src/core/naming/naming-model.js';

type Lease = NodeLease & { incarnation: string };

const same = (a: InstanceRef, b: InstanceRef) => a.ip === b.ip && a.port === b.port && a.clusterName === b.clusterName;

/**
 * A ClusterStore shared in memory by the nodes of one test, with a clock the test moves and a feed: each
 * change goes to every subscribed node except the one that made it, as the PostgreSQL feed does.
 */
export class MemoryClusterStore implements ClusterStore {
  now = 1_000_000;
  /** Make every call fail, as an unreachable database does. */
  down = false;
  readonly leases = new Map<number, Lease>();
  readonly owned = new Map<number, Map<string, StoredInstance[]>>();
  readonly published: Array<{ nodeId: number; key: ServiceKey; put: number; removed: number }> = [];
  readonly relayed: Array<{ nodeId: number; beats: RelayedBeat[] }> = [];
  /** Nodes whose feed is cut (as a node cut off from the database): what changes meanwhile never reaches them. */
  readonly deaf = new Set<number>();
  private readonly feeds = new Map<number, (change: StoreChange) => void>();

  subscribe(nodeId: number, listener: (change: StoreChange) => void): void {
    this.feeds.set(nodeId, listener);
  }

  async holder(nodeId: number): Promise<LeaseHolder | null> {
    this.check();
    const lease = this.leases.get(nodeId);
    return lease ? { ...lease, now: this.now } : null;
  }

  async join(node: NodeIdentity, leaseMs: number, seen: LeaseHolder | null): Promise<void> {
    this.check();
    const current = this.leases.get(node.nodeId);
    const live = current && !current.evicted && current.leaseUntil > this.now;
    if (live && !(seen && seen.incarnation === current.incarnation && seen.leaseUntil === current.leaseUntil)) {
      throw new Error(`cluster node id ${node.nodeId} is in use by the live node at ${current.addr}`);
    }
    this.owned.delete(node.nodeId);
    this.leases.set(node.nodeId, { ...node, leaseUntil: this.now + leaseMs, evicted: false });
    this.emit(node.nodeId, { kind: 'node-gone', nodeId: node.nodeId });
  }

  async renew(node: NodeIdentity, leaseMs: number): Promise<Renewal> {
    this.check();
    const current = this.leases.get(node.nodeId);
    const list = () =>
      [...this.leases.values()].map(({ incarnation: _, ...n }) => n).sort((a, b) => a.nodeId - b.nodeId);
    if (current && current.incarnation !== node.incarnation) {
      return { now: this.now, nodes: list(), evicted: false, forgotten: false, replacedBy: current.addr };
    }
    this.leases.set(node.nodeId, { ...node, leaseUntil: this.now + leaseMs, evicted: false });
    // back from an eviction: its hidden rows are listed again
    if (current?.evicted) {
      for (const list of this.owned.get(node.nodeId)?.values() ?? []) {
        if (list.length > 0) this.emit(node.nodeId, { kind: 'ephemeral', key: list[0].key, nodeId: node.nodeId });
      }
    }
    return { now: this.now, nodes: list(), evicted: !current || current.evicted, forgotten: !current };
  }

  async evict(nodeId: number, graceMs: number): Promise<boolean> {
    this.check();
    const lease = this.leases.get(nodeId);
    if (!lease || lease.evicted || lease.leaseUntil > this.now - graceMs) return false;
    lease.evicted = true;
    this.emit(0, { kind: 'node-gone', nodeId });
    return true;
  }

  async publishOwned(nodeId: number, writes: OwnedWrite[], decide?: PutDecision): Promise<PublishResult> {
    this.check();
    const skipped: SkippedPut[] = [];
    const removed: RemovedRow[] = [];
    const forgotten = !this.leases.get(nodeId);
    for (const { key, changes } of writes) {
      const mine = this.owned.get(nodeId)?.get(serviceKeyString(key)) ?? [];
      const updates: StoredInstance[] = [];
      for (const p of changes.update ?? []) {
        const stored = mine.find((i) => same(i, p));
        const elsewhere = [...this.owned]
          .filter(([other]) => other !== nodeId)
          .flatMap(([, services]) => services.get(serviceKeyString(key)) ?? [])
          .find((i) => same(i, p));
        const rows = {
          stored: stored && structuredClone(stored),
          elsewhere: elsewhere && structuredClone(elsewhere),
          forgotten,
        };
        const verdict = decide ? decide(p, rows) : true;
        const { ip, port, clusterName } = p;
        if (verdict === true) updates.push(p);
        else if (verdict === false) skipped.push({ key, ref: { ip, port, clusterName }, stored: rows.stored });
        else {
          updates.push(verdict);
          skipped.push({ key, ref: { ip, port, clusterName }, stored: structuredClone(verdict), replaced: true });
        }
      }
      const put = [...changes.put, ...updates];
      const losers = new Set<number>();
      for (const [other, byService] of this.owned) {
        const list = byService.get(serviceKeyString(key));
        if (other === nodeId || !list) continue;
        const kept = list.filter((i) => !put.some((p) => same(p, i)));
        if (kept.length < list.length) losers.add(other);
        byService.set(serviceKeyString(key), kept);
      }
      const byService = this.owned.get(nodeId) ?? new Map<string, StoredInstance[]>();
      this.owned.set(nodeId, byService);
      const kept = (byService.get(serviceKeyString(key)) ?? []).filter(
        (i) => !changes.removed.some((r) => same(r, i)) && !put.some((p) => same(p, i)),
      );
      byService.set(serviceKeyString(key), [...kept, ...structuredClone(put)]);
      for (const ref of changes.removedAnywhere ?? []) {
        for (const [owner, services] of this.owned) {
          const list = services.get(serviceKeyString(key)) ?? [];
          if (!list.some((i) => same(i, ref))) continue;
          services.set(
            serviceKeyString(key),
            list.filter((i) => !same(i, ref)),
          );
          removed.push({ key, ref, nodeId: owner });
          if (owner !== nodeId) losers.add(owner);
        }
      }
      this.published.push({ nodeId, key, put: put.length, removed: changes.removed.length });
      this.emit(nodeId, { kind: 'ephemeral', key, nodeId });
      for (const loser of losers) this.emit(nodeId, { kind: 'ephemeral', key, nodeId: loser });
    }
    return { skipped, removed };
  }

  async editEphemeral(
    key: ServiceKey,
    ref: InstanceRef,
    decide: EphemeralDecision,
    origin = 0,
  ): Promise<EphemeralWritten[]> {
    this.check();
    const written: EphemeralWritten[] = [];
    for (const [nodeId, byService] of this.owned) {
      if (this.hidden(nodeId)) continue;
      const list = byService.get(serviceKeyString(key)) ?? [];
      const next: StoredInstance[] = [];
      for (const i of list) {
        if (!same(i, ref)) next.push(i);
        else {
          const row = decide(structuredClone(i));
          written.push({ nodeId, instance: row });
          if (row) next.push(structuredClone(row));
        }
      }
      byService.set(serviceKeyString(key), next);
    }
    for (const w of written) this.emit(origin, { kind: 'ephemeral', key, nodeId: w.nodeId });
    return written;
  }

  async loadOwn(nodeId: number, key: ServiceKey): Promise<StoredInstance[] | null> {
    this.check();
    const lease = this.leases.get(nodeId);
    if (!lease || lease.evicted) return null;
    return structuredClone(this.owned.get(nodeId)?.get(serviceKeyString(key)) ?? []);
  }

  async relayBeats(ownerNodeId: number, beats: RelayedBeat[]): Promise<void> {
    this.check();
    this.relayed.push({ nodeId: ownerNodeId, beats });
    this.emit(0, { kind: 'beats', nodeId: ownerNodeId, instances: beats });
  }

  async loadOwned(key: ServiceKey, exceptNode: number): Promise<Map<number, StoredInstance[]>> {
    this.check();
    const out = new Map<number, StoredInstance[]>();
    for (const [nodeId, byService] of this.owned) {
      const list = byService.get(serviceKeyString(key));
      if (nodeId !== exceptNode && list && !this.hidden(nodeId)) out.set(nodeId, structuredClone(list));
    }
    return out;
  }

  async loadAllOwned(exceptNode: number) {
    this.check();
    return [...this.owned]
      .filter(([nodeId]) => nodeId !== exceptNode && !this.hidden(nodeId))
      .map(([nodeId, byService]) => ({ nodeId, instances: structuredClone([...byService.values()].flat()) }));
  }

  private peerKey: string | undefined;

  async sharedPeerKey(candidate: string): Promise<string> {
    this.check();
    this.peerKey ??= candidate;
    return this.peerKey;
  }

  async leave(nodeId: number): Promise<void> {
    this.check();
    this.leases.delete(nodeId);
    this.owned.delete(nodeId);
    this.emit(nodeId, { kind: 'node-gone', nodeId });
  }

  /** An evicted node's rows: kept, but listed nowhere until it renews. */
  private hidden(nodeId: number): boolean {
    return this.leases.get(nodeId)?.evicted ?? true;
  }

  private emit(origin: number, change: StoreChange): void {
    for (const [nodeId, listener] of this.feeds) if (nodeId !== origin && !this.deaf.has(nodeId)) listener(change);
  }

  private check(): void {
    if (this.down) throw new Error('connect ECONNREFUSED (store down)');
  }
}
