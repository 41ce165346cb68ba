import type { StoredInstance } from '../naming/instance-store.js';
import type { ServiceKey } from '../naming/naming-model.js';
import type { InstanceRef } from './store-change.js';

/** Instances a node added or changed (`put`) and removed in one service. */
export interface OwnedChanges {
  put: StoredInstance[];
  removed: InstanceRef[];
}

/** A node as the shared store knows it. */
export interface NodeLease {
  nodeId: number;
  /** The node's gRPC address, `host:port`. */
  addr: string;
  /** Until when (store clock, ms) the node is alive unless it renews. */
  leaseUntil: number;
  /** Its lease ran out and it was evicted (its instances are gone); listed DOWN for a while. */
  evicted: boolean;
}

/** One process running as a node: its id, address, and the random incarnation it writes into its lease. */
export interface NodeIdentity {
  nodeId: number;
  addr: string;
  incarnation: string;
}

/** Whoever holds a node id's lease now, on the store's clock. */
export interface LeaseHolder {
  addr: string;
  incarnation: string;
  leaseUntil: number;
  /** The store's clock when read. */
  now: number;
  /** The lease ran out and another node removed it (its instances are gone). */
  evicted: boolean;
}

export interface Renewal {
  /** The store's clock. */
  now: number;
  /** Every node listed: live ones, and those whose lease ran out not long ago (listed DOWN). */
  nodes: NodeLease[];
  /** The node had been evicted meanwhile: what it published is gone and must be published again. */
  evicted: boolean;
  /** Another process took this node id (this one stopped renewing for too long): where it runs. */
  replacedBy?: string;
}

/** A beat another node received for an instance `ownerNodeId` owns. */
export type RelayedBeat = InstanceRef & { key: ServiceKey };

/** What the nodes of a cluster share beside the data: who is alive, and each one's ephemeral instances. */
export interface ClusterStore {
  /** Who holds node id `nodeId`'s lease, or null when nobody ever did (or it left cleanly). */
  holder(nodeId: number): Promise<LeaseHolder | null>;
  /**
   * Takes the node id's lease for this process: forgets the instances it owned in an earlier life (its
   * clients register again) and announces that. Refuses (throws) when the lease is live and is not
   * exactly the one seen in `seen` (which the caller watched stop renewing).
   */
  join(node: NodeIdentity, leaseMs: number, seen: LeaseHolder | null): Promise<void>;
  /** Extends the node's lease unless another incarnation holds it; answers the members as the store sees them. */
  renew(node: NodeIdentity, leaseMs: number): Promise<Renewal>;
  /**
   * Evicts a node whose lease ran out at least `graceMs` ago: its instances go, it stays listed (DOWN) for a
   * while, and the eviction is announced (any node may do it); false when it renewed meanwhile or was
   * evicted already.
   */
  evict(nodeId: number, graceMs: number): Promise<boolean>;
  /**
   * Writes what changed among the instances the node owns in one service, and announces it. An instance
   * put here is taken from any other node that had it (an ownership change), which is announced too.
   */
  publishOwned(nodeId: number, key: ServiceKey, changes: OwnedChanges): Promise<void>;
  /**
   * Changes or removes instances another node owns (an edit or deregister made through this node), only
   * where that node still has them; announces it so the owner adopts the change. Answers how many rows changed.
   */
  editOwned(ownerNodeId: number, key: ServiceKey, changes: OwnedChanges): Promise<number>;
  /** Tells the owning node that its instances were beaten here (no table is written). */
  relayBeats(ownerNodeId: number, beats: RelayedBeat[]): Promise<void>;
  /** The ephemeral instances of one service, by owning node, except those of `exceptNode`. */
  loadOwned(key: ServiceKey, exceptNode: number): Promise<Map<number, StoredInstance[]>>;
  /** Every ephemeral instance other nodes own (at start and after missed changes). */
  loadAllOwned(exceptNode: number): Promise<Array<{ nodeId: number; instances: StoredInstance[] }>>;
  /** Leaves the cluster on a clean stop: the lease and the instances go at once. */
  leave(nodeId: number): Promise<void>;
}
