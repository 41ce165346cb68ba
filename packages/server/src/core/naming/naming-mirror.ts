import type { Clock } from '../../shared/clock.js';
import type { KeyedLock } from '../../shared/keyed-lock.js';
import {
  fromStored,
  patchedRecord,
  sameVisible,
  toStored,
  withHealth,
  type TimeoutDefaults,
} from './instance-records.js';
import type { InstanceStore, StoredInstance } from './instance-store.js';
import {
  BEAT_OWNER,
  remoteOwner,
  serviceKeyString,
  type Instance,
  type InstancePatch,
  type InstanceRecord,
  type ServiceKey,
} from './naming-model.js';
import type { ServiceCatalog } from './service-catalog.js';
import { instanceIdentity, type ServiceEntry } from './service-entry.js';
import type { ServiceRegistry } from './service-registry.js';

type Ref = { ip: string; port: number; clusterName: string };

/**
 * What this node needs of the other nodes so that edits and beats reaching it for an instance another node
 * owns take effect cluster-wide (absent on a single node).
 */
export interface ClusterPeers {
  /** Whether the node's lease is running (store clock). */
  isAlive(nodeId: number): boolean;
  /** A beat for an instance `nodeId` owns arrived here: the owner hears of it (batched, nothing stored). */
  relayBeat(nodeId: number, key: ServiceKey, ref: Ref): void;
  /**
   * Resolves once a client's changes of this node's own instances in `key` are committed: the identities
   * it registered (written whatever the store holds) and deregistered (removed at once).
   */
  commit(key: ServiceKey, put: string[], removed: string[]): Promise<void>;
  /**
   * Changes (`decide`: the new row from the committed one) or removes (null) one ephemeral instance
   * wherever it is stored, and resolves once this node's memory holds the result: what was written, by owner.
   */
  writeThrough(
    key: ServiceKey,
    ref: Ref,
    decide: ((stored: StoredInstance) => StoredInstance) | null,
  ): Promise<Array<{ nodeId: number; instance: StoredInstance | null }>>;
}

/**
 * What other nodes of a cluster changed, brought into this node's registry: the stored part of a service
 * (settings, persistent instances) re-read from the shared store, and the ephemeral instances each other
 * node owns, mirrored with a `remote` owner. An instance a gRPC connection holds here wins over a mirror of
 * the same address (a client that moved here before its old node was declared dead); an HTTP instance
 * stays with its owner while the owner lives (beats reaching this node are relayed to it), and goes to
 * another node only when that node took it over (its owner's lease ran out, or its client registered there).
 */
export class NamingMirror {
  /** Set when this node is one of a cluster. */
  peers: ClusterPeers | undefined;

  constructor(
    private readonly registry: ServiceRegistry,
    private readonly catalog: ServiceCatalog,
    private readonly store: InstanceStore,
    private readonly clock: Clock,
    private readonly locks: KeyedLock,
    private readonly options: TimeoutDefaults,
    private readonly changed: (entry: ServiceEntry) => void,
  ) {}

  /** Re-reads one service's stored part after another node changed it. */
  async refreshStored(key: ServiceKey): Promise<void> {
    await this.locks.run(serviceKeyString(key), async () => {
      const { service, instances } = await this.store.loadService(key);
      const now = this.clock.now();
      if (service) this.catalog.restore(service);
      const entry = service || instances.length > 0 ? this.registry.ensure(key, now) : this.registry.get(key);
      if (!entry) return;
      const deleted = !service && entry.explicit;
      if (!service) entry.explicit = false;
      const wanted = new Set(instances.map((s) => instanceIdentity(s.ip, s.port, s.clusterName)));
      for (const [identity, record] of [...entry.instances]) {
        if (record.owner.kind === 'persistent' && !wanted.has(identity)) this.registry.remove(entry, identity);
      }
      for (const s of instances) this.registry.put(entry, fromStored(s, now, this.options));
      this.changed(entry);
      // deleted through another node: gone here too, as where it was deleted (unless instances came meanwhile)
      if (deleted && entry.instances.size === 0 && this.registry.get(key) === entry) this.registry.drop(entry);
    });
  }

  /** Re-reads one persistent instance another node wrote or removed. */
  async refreshStoredInstance(key: ServiceKey, ref: { ip: string; port: number; clusterName: string }): Promise<void> {
    await this.locks.run(serviceKeyString(key), async () => {
      const stored = await this.store.loadInstance(key, ref);
      const identity = instanceIdentity(ref.ip, ref.port, ref.clusterName);
      const entry = stored ? this.registry.ensure(key, this.clock.now()) : this.registry.get(key);
      const current = entry?.instances.get(identity);
      if (!entry || (current && current.owner.kind !== 'persistent')) return;
      if (stored) this.registry.put(entry, fromStored(stored, this.clock.now(), this.options));
      else if (current) this.registry.remove(entry, identity);
      else return;
      this.changed(entry);
    });
  }

  /** Re-reads the whole stored part (after the change stream was broken). */
  async reloadStored(): Promise<void> {
    const { services, instances } = await this.store.loadAll();
    const keys = new Map<string, ServiceKey>();
    for (const s of services) keys.set(serviceKeyString(s.key), s.key);
    for (const s of instances) keys.set(serviceKeyString(s.key), s.key);
    for (const entry of this.registry.entries()) {
      const stored = entry.explicit || [...entry.instances.values()].some((r) => r.owner.kind === 'persistent');
      if (stored) keys.set(entry.keyString, entry.key);
    }
    for (const key of keys.values()) await this.refreshStored(key);
  }

  /** This node's own ephemeral instances of a service (those another node mirrors). */
  ownEphemeral(key: ServiceKey): InstanceRecord[] {
    const entry = this.registry.get(key);
    if (!entry) return [];
    const out: InstanceRecord[] = [];
    for (const record of entry.instances.values()) {
      const kind = record.owner.kind;
      if (kind === 'beat' || kind === 'connection') out.push(record);
    }
    return out;
  }

  /** Every service holding own ephemeral instances (to publish them all after a reconnect). */
  servicesWithOwnEphemeral(): ServiceKey[] {
    const out: ServiceKey[] = [];
    for (const entry of this.registry.entries()) {
      for (const record of entry.instances.values()) {
        if (record.owner.kind === 'beat' || record.owner.kind === 'connection') {
          out.push(entry.key);
          break;
        }
      }
    }
    return out;
  }

  /** Replaces the mirror of what `nodeId` owns in one service. */
  replaceRemote(key: ServiceKey, nodeId: number, instances: StoredInstance[]): void {
    const now = this.clock.now();
    let entry = this.registry.get(key);
    if (!entry && instances.length === 0) return;
    entry ??= this.registry.ensure(key, now);
    let changed = false;
    const wanted = new Set(instances.map((s) => instanceIdentity(s.ip, s.port, s.clusterName)));
    for (const [identity, record] of [...entry.instances]) {
      if (isMirrorOf(record.owner, nodeId) && !wanted.has(identity)) {
        this.registry.remove(entry, identity);
        changed = true;
      }
    }
    for (const s of instances) {
      const current = entry.instances.get(instanceIdentity(s.ip, s.port, s.clusterName));
      // an instance a gRPC connection holds here, or a persistent one, is not replaced by another node's copy;
      // one kept alive by HTTP beats is: that node took it over (this node's lease had run out meanwhile)
      if (current && (current.owner.kind === 'connection' || current.owner.kind === 'persistent')) continue;
      const record = fromStored(s, now, this.options, remoteOwner(nodeId));
      // a mirror's lastBeat is when a beat for it last arrived here (0: never), see adoptBeaten
      record.lastBeat = current?.owner.kind === 'remote' ? current.lastBeat : 0;
      this.registry.put(entry, record);
      if (!current || current.owner.kind !== 'remote' || !sameVisible(current, record)) changed = true;
    }
    if (changed) this.changed(entry);
  }

  /**
   * What the store holds of one instance at nodes other than this one (`rows`, by owner; null: removed
   * there), as a write made through this node left it: at most one node keeps an instance.
   */
  replaceRemoteInstance(
    key: ServiceKey,
    ref: Ref,
    rows: Array<{ nodeId: number; instance: StoredInstance | null }>,
  ): void {
    const now = this.clock.now();
    const identity = instanceIdentity(ref.ip, ref.port, ref.clusterName);
    const live = rows.find((r) => r.instance !== null);
    let entry = this.registry.get(key);
    if (!entry && !live) return;
    entry ??= this.registry.ensure(key, now);
    const current = entry.instances.get(identity);
    let changed = false;
    if (current?.owner.kind === 'remote' && current.owner.nodeId !== live?.nodeId) {
      this.registry.remove(entry, identity);
      changed = true;
    }
    const kept = entry.instances.get(identity);
    // as in replaceRemote: a gRPC connection's or a persistent instance here is not replaced by a copy
    if (live?.instance && !(kept && (kept.owner.kind === 'connection' || kept.owner.kind === 'persistent'))) {
      const record = fromStored(live.instance, now, this.options, remoteOwner(live.nodeId));
      record.lastBeat = kept?.owner.kind === 'remote' ? kept.lastBeat : 0;
      this.registry.put(entry, record);
      if (!kept || kept.owner.kind !== 'remote' || !sameVisible(kept, record)) changed = true;
    }
    if (changed) this.changed(entry);
  }

  /** Whether this node itself holds the instance (a client of its own registered it). */
  ownsHere(key: ServiceKey, ref: Ref): boolean {
    const kind = this.registry.get(key)?.get(ref.ip, ref.port, ref.clusterName)?.owner.kind;
    return kind === 'beat' || kind === 'connection';
  }

  /** Replaces every mirror with what the other nodes own now (after changes may have been missed). */
  replaceAllRemote(owned: Array<{ nodeId: number; instances: StoredInstance[] }>): void {
    const wanted = new Map<string, { key: ServiceKey; nodeId: number; instances: StoredInstance[] }>();
    const add = (key: ServiceKey, nodeId: number) => {
      const id = `${serviceKeyString(key)}\u0003${nodeId}`;
      let slot = wanted.get(id);
      if (!slot) wanted.set(id, (slot = { key, nodeId, instances: [] }));
      return slot;
    };
    for (const entry of this.registry.entries()) {
      for (const record of entry.instances.values())
        if (record.owner.kind === 'remote') add(entry.key, record.owner.nodeId);
    }
    for (const { nodeId, instances } of owned) for (const s of instances) add(s.key, nodeId).instances.push(s);
    for (const slot of wanted.values()) this.replaceRemote(slot.key, slot.nodeId, slot.instances);
  }

  /** Drops everything mirrored from a node that left the cluster. */
  dropNode(nodeId: number): void {
    for (const entry of [...this.registry.entries()]) {
      let changed = false;
      for (const [identity, record] of [...entry.instances]) {
        if (isMirrorOf(record.owner, nodeId)) {
          this.registry.remove(entry, identity);
          changed = true;
        }
      }
      if (changed) this.changed(entry);
    }
  }

  /** Whether ephemeral instances are shared with other nodes (writes then go through the store). */
  get shared(): boolean {
    return this.peers !== undefined;
  }

  /** Waits until a client's own changes are committed (at once on a single node, where memory is all). */
  committed(key: ServiceKey, put: string[], removed: string[] = []): Promise<void> {
    return this.peers ? this.peers.commit(key, put, removed) : Promise.resolve();
  }

  /**
   * In a cluster, a patch of an ephemeral instance, whichever node owns it: decided on its stored row.
   * Undefined when no node has it.
   */
  async patchShared(key: ServiceKey, ref: Ref, patch: InstancePatch): Promise<Instance | undefined> {
    const now = this.clock.now();
    const written = await this.peers!.writeThrough(key, ref, (stored) =>
      toStored(key, patchedRecord(fromStored(stored, now, this.options), patch, now, this.options)),
    );
    const row = written.find((w) => w.instance !== null);
    if (!row?.instance) return undefined;
    const listed = this.registry.get(key)?.get(ref.ip, ref.port, ref.clusterName);
    return listed ?? fromStored(row.instance, now, this.options, remoteOwner(row.nodeId));
  }

  /** In a cluster, a deregister of an ephemeral instance wherever it is stored: false when no node had it. */
  async removeShared(key: ServiceKey, ref: Ref): Promise<boolean> {
    return (await this.peers!.writeThrough(key, ref, null)).length > 0;
  }

  /**
   * A beat reached this node for an instance another node owns. While that node lives, it hears of the
   * beat (batched, nothing written) and the answer is true; false: the owner is gone, this node takes over.
   */
  relayBeat(key: ServiceKey, record: InstanceRecord, now: number): boolean {
    if (record.owner.kind !== 'remote' || !this.peers?.isAlive(record.owner.nodeId)) return false;
    record.lastBeat = now;
    this.peers.relayBeat(record.owner.nodeId, key, record);
    return true;
  }

  /** Beats for own HTTP instances that reached other nodes: as good as beats here. */
  beatenElsewhere(beats: Array<Ref & { key: ServiceKey }>): void {
    const now = this.clock.now();
    for (const beat of beats) {
      const entry = this.registry.get(beat.key);
      const record = entry?.instances.get(instanceIdentity(beat.ip, beat.port, beat.clusterName));
      if (!entry || !record || record.owner.kind !== 'beat') continue;
      record.lastBeat = Math.max(record.lastBeat, now);
      if (!record.healthy) {
        this.registry.put(entry, withHealth(record, true, now));
        this.changed(entry);
      }
    }
  }

  /**
   * Node `nodeId` stopped renewing: the instances of it whose beats now reach this node (within their beat
   * timeout) become this node's own, before the node is evicted. Answers how many were taken.
   */
  adoptBeaten(nodeId: number): number {
    const now = this.clock.now();
    let taken = 0;
    for (const entry of this.registry.entries()) {
      let changed = false;
      for (const record of [...entry.instances.values()]) {
        if (!isMirrorOf(record.owner, nodeId) || record.lastBeat === 0) continue;
        if (now - record.lastBeat > record.beatTimeout) continue;
        this.registry.put(entry, Object.assign({}, record, { owner: BEAT_OWNER, modifiedAt: now }));
        changed = true;
        taken++;
      }
      if (changed) this.changed(entry);
    }
    return taken;
  }

  /**
   * Another node edited or removed instances this node owns in one service (`stored`: what the store holds
   * for this node now; `published`: what this node wrote last, by identity). An instance this node wrote
   * that is gone from the store was deregistered (or taken by another node): it goes here too; one whose
   * stored copy differs from what was written was edited: the edit becomes its current state.
   */
  adoptOwnEdits(
    key: ServiceKey,
    stored: StoredInstance[],
    published: Map<string, string>,
    signature: (s: StoredInstance) => string,
  ): void {
    const entry = this.registry.get(key);
    if (!entry) return;
    const rows = new Map(stored.map((s) => [instanceIdentity(s.ip, s.port, s.clusterName), s]));
    let changed = false;
    for (const [identity, record] of [...entry.instances]) {
      if (record.owner.kind !== 'beat' && record.owner.kind !== 'connection') continue;
      const written = published.get(identity);
      if (written === undefined) continue; // not written yet: what this node has is newer
      const row = rows.get(identity);
      if (!row) {
        this.registry.remove(entry, identity);
        changed = true;
      } else if (signature(row) !== written) {
        const edited = fromStored(row, this.clock.now(), this.options, record.owner);
        this.registry.put(
          entry,
          Object.assign({}, edited, { lastBeat: record.lastBeat, registeredAt: record.registeredAt }),
        );
        changed = true;
      }
    }
    if (changed) this.changed(entry);
  }

  /** Nodes this node mirrors instances of. */
  mirroredNodes(): Set<number> {
    const nodes = new Set<number>();
    for (const entry of this.registry.entries()) {
      for (const record of entry.instances.values()) if (record.owner.kind === 'remote') nodes.add(record.owner.nodeId);
    }
    return nodes;
  }
}

function isMirrorOf(owner: { kind: string; nodeId?: number }, nodeId: number): boolean {
  return owner.kind === 'remote' && owner.nodeId === nodeId;
}
