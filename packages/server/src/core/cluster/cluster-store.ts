import type { StoredInstance } from '../naming/instance-store.js';
import type { ServiceKey } from '../naming/naming-model.js';
import type { InstanceRef } from './store-change.js';

/** Instances a node added or changed and removed in one service. */
export interface OwnedChanges {
  /** Written whatever the store holds (a client registered them). */
  put: StoredInstance[];
  /** Written where the publisher's `PutDecision`, on the node's committed row, allows. */
  update?: StoredInstance[];
  /** This node's rows removed. */
  removed: InstanceRef[];
  /** Removed wherever stored, whichever node owns them (a deregistration made through this node). */
  removedAnywhere?: InstanceRef[];
}

/** What a node writes of its own instances in one service. */
export interface OwnedWrite {
  key: ServiceKey;
  changes: OwnedChanges;
}

/** The committed rows an update is decided on. */
export interface PutRows {
  /** The node's own row (undefined: it has none). */
  stored: StoredInstance | undefined;
  /** Another node's row of the same instance (one this node takes over), if any. */
  elsewhere: StoredInstance | undefined;
  /**
   * The node's rows went with its lease (it was evicted and then forgotten): no row then says nothing of
   * edits or removals made by others.
   */
  forgotten: boolean;
}

/**
 * Decides, on the committed rows of an instance the node is about to update, what is written: the update
 * (true), nothing (false: a row another node edited or removed since this node wrote it is kept as it is),
 * or another instance (a take-over keeps what the store holds of it).
 */
export type PutDecision = (put: StoredInstance, rows: PutRows) => boolean | StoredInstance;

/**
 * An update the decision left out or replaced, and what the node's row holds now (undefined: none): the
 * node takes it as its current state.
 */
export interface SkippedPut {
  key: ServiceKey;
  ref: InstanceRef;
  stored: StoredInstance | undefined;
  /** The update was written in another form (`stored`), not left out. */
  replaced?: boolean;
}

/** A row `removedAnywhere` took away, and the node that owned it. */
export interface RemovedRow {
  key: ServiceKey;
  ref: InstanceRef;
  nodeId: number;
}

/** What a publish left out (`skipped`) and removed wherever it was (`removed`). */
export interface PublishResult {
  skipped: SkippedPut[];
  removed: RemovedRow[];
}

/**
 * Decides the new state of an ephemeral instance from its committed row: the instance to write, or null
 * to remove it.
 */
export type EphemeralDecision = (stored: StoredInstance) => StoredInstance | null;

/** One ephemeral instance as a write through any node left it: its owner and its row (null: removed). */
export interface EphemeralWritten {
  nodeId: number;
  instance: StoredInstance | null;
}

/** A node as the shared store knows it. */
export interface NodeLease {
  nodeId: number;
  /** The node's gRPC address, `host:port`. */
  addr: string;
  /** Until when (store clock, ms) the node is alive unless it renews. */
  leaseUntil: number;
  /** Its lease ran out and it was evicted (its instances are hidden); listed DOWN for a while. */
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
  /** The lease ran out and another node evicted it (its instances are hidden). */
  evicted: boolean;
}

export interface Renewal {
  /** The store's clock. */
  now: number;
  /** Every node listed: live ones, and those whose lease ran out not long ago (listed DOWN). */
  nodes: NodeLease[];
  /**
   * The node had been evicted meanwhile. Its rows were hidden, not removed: the renewal lists them again,
   * less those deregistered or taken over through other nodes meanwhile, which the node must adopt.
   */
  evicted: boolean;
  /** Evicted long enough to be forgotten: its rows went too, and what it holds must be published again. */
  forgotten: boolean;
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
  /**
   * Extends the node's lease unless another incarnation holds it; answers the members as the store sees
   * them. An evicted node's renewal lists its hidden rows again, and announces them.
   */
  renew(node: NodeIdentity, leaseMs: number): Promise<Renewal>;
  /**
   * Evicts a node whose lease ran out at least `graceMs` ago: its instances are hidden (listed nowhere, but a
   * deregistration or take-over through another node still removes them, so its return brings back only
   * what nobody changed), it stays listed (DOWN) for a while, and the eviction is announced (any node may
   * do it); false when it renewed meanwhile or was evicted already.
   */
  evict(nodeId: number, graceMs: number): Promise<boolean>;
  /**
   * Writes what changed among the instances the node owns, in any number of services, atomically, and
   * announces it. An update is written where `decide` (on the node's committed row) allows; what is written
   * is taken from any other node that had it (an ownership change), which is announced too; what is
   * removed anywhere is announced to its owners. Answers the updates left out, with the rows that stayed,
   * and the rows removed anywhere.
   */
  publishOwned(nodeId: number, writes: OwnedWrite[], decide?: PutDecision): Promise<PublishResult>;
  /**
   * Changes or removes one ephemeral instance wherever it is listed, whichever node owns it (an edit or
   * deregister made through any node; not an evicted node's hidden row), deciding on its committed row;
   * announces it to the owner, which adopts the change. Answers what was written (nothing when no node
   * has the instance).
   */
  editEphemeral(key: ServiceKey, ref: InstanceRef, decide: EphemeralDecision): Promise<EphemeralWritten[]>;
  /** Tells the owning node that its instances were beaten here (no table is written). */
  relayBeats(ownerNodeId: number, beats: RelayedBeat[]): Promise<void>;
  /** The node's own rows in one service; null while it is evicted (its rows are hidden). */
  loadOwn(nodeId: number, key: ServiceKey): Promise<StoredInstance[] | null>;
  /** The ephemeral instances of one service, by owning node, except those of `exceptNode`. */
  loadOwned(key: ServiceKey, exceptNode: number): Promise<Map<number, StoredInstance[]>>;
  /** Every ephemeral instance other nodes own (at start and after missed changes). */
  loadAllOwned(exceptNode: number): Promise<Array<{ nodeId: number; instances: StoredInstance[] }>>;
  /** Leaves the cluster on a clean stop: the lease and the instances go at once. */
  leave(nodeId: number): Promise<void>;
  /**
   * The key the nodes sign their calls to each other with: the stored one, or `candidate` stored if there is
   * none yet (the first node to ask sets it; every node gets the same).
   */
  sharedPeerKey(candidate: string): Promise<string>;
}
