import type { StoredInstance } from '../naming/instance-store.js';
import type { ServiceKey } from '../naming/naming-model.js';

/** Instances a node added or changed (`put`) and removed in one service. */
export interface OwnedChanges {
  put: StoredInstance[];
  removed: Array<{ ip: string; port: number; clusterName: string }>;
}

/** A node as the shared store knows it. */
export interface NodeLease {
  nodeId: number;
  /** The node's gRPC address, `host:port`. */
  addr: string;
  /** Until when (store clock, ms) the node is alive unless it renews. */
  leaseUntil: number;
}

/** What the nodes of a cluster share beside the data: who is alive, and each one's ephemeral instances. */
export interface ClusterStore {
  /**
   * Takes the node's place after a start: forgets the instances it owned in an earlier life (its clients
   * register again) and announces that, then records its lease. Refuses when a live node at another
   * address holds the same id.
   */
  join(node: { nodeId: number; addr: string }, leaseMs: number): Promise<void>;
  /**
   * Extends the node's lease; answers the store's clock, every node's lease, and whether the node's row had
   * been removed meanwhile (another node evicted it: what it published is gone and must be published again).
   */
  renew(
    node: { nodeId: number; addr: string },
    leaseMs: number,
  ): Promise<{ now: number; nodes: NodeLease[]; evicted: boolean }>;
  /**
   * Removes a node whose lease ran out, with its instances, and announces it (any node may do it); false
   * when it renewed meanwhile or was removed already.
   */
  evict(nodeId: number): Promise<boolean>;
  /** Writes what changed among the instances the node owns in one service, and announces it. */
  publishOwned(nodeId: number, key: ServiceKey, changes: OwnedChanges): Promise<void>;
  /** The ephemeral instances of one service, by owning node, except those of `exceptNode`. */
  loadOwned(key: ServiceKey, exceptNode: number): Promise<Map<number, StoredInstance[]>>;
  /** Every ephemeral instance other nodes own (at start and after missed changes). */
  loadAllOwned(exceptNode: number): Promise<Array<{ nodeId: number; instances: StoredInstance[] }>>;
  /** Leaves the cluster on a clean stop: the lease and the instances go at once. */
  leave(nodeId: number): Promise<void>;
}
