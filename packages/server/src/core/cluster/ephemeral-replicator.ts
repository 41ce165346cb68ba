import { isUnavailable } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import type { StoredInstance } from '../naming/instance-store.js';
import { serviceKeyString, type ServiceKey } from '../naming/naming-model.js';
import type { NamingService } from '../naming/naming-service.js';
import { instanceIdentity } from '../naming/service-entry.js';
import type { ClusterStore, OwnedChanges, RelayedBeat } from './cluster-store.js';
import type { InstanceRef } from './store-change.js';

/** Changes within this window go to the store together. */
const FLUSH_EVERY_MS = 50;
/** Beats for other nodes' instances reach their owner this often (one announcement per owner). */
const RELAY_EVERY_MS = 1000;
/**
 * An own instance that went away is removed from the store this much later (unless it came back): a
 * client moving to another node (failover, reloadCurrent) closes its old connection before it registers
 * again there, and the other nodes keep listing it meanwhile.
 */
const REMOVAL_GRACE_MS = 1000;

/** In place of a node id in `remotePending`: re-read what every other node owns in the service. */
const EVERY_NODE = -1;

type Published = Map<string, { ref: InstanceRef; signature: string }>;

/**
 * Shares this node's ephemeral instances with the other nodes through the store, and mirrors theirs. Own
 * instances are published per service as a diff against what was published last, so only what others
 * would see differently is written (a mirror applied here never echoes back, a beat writes nothing); an
 * instance that moved here from another node is written as a change. Announcements of other nodes'
 * changes are coalesced: a burst for one service is read once. An announcement naming this node means
 * another node edited or removed one of its instances: this node adopts what the store now holds.
 */
export class EphemeralReplicator {
  private readonly dirty = new Map<string, ServiceKey>();
  private readonly published = new Map<string, Published>();
  private readonly remotePending = new Map<string, { key: ServiceKey; nodeId: number }>();
  private readonly beatsToRelay = new Map<number, Map<string, RelayedBeat>>();
  /** Own instances gone here but still in the store, by service and identity: since when (local ms). */
  private readonly leaving = new Map<string, Map<string, number>>();
  private remoteRunning: Promise<void> | null = null;
  private flushRunning: Promise<void> | null = null;
  private timers: Array<ReturnType<typeof setInterval>> = [];
  private failing = false;

  constructor(
    private readonly store: ClusterStore,
    private readonly naming: NamingService,
    private readonly nodeId: number,
    private readonly logger: Logger,
    private readonly removalGraceMs = REMOVAL_GRACE_MS,
  ) {}

  /** Mirrors what the other nodes own, then follows local changes. */
  async start(): Promise<void> {
    await this.resync();
    this.naming.onServiceChanged((key) => this.dirty.set(serviceKeyString(key), key));
    this.timers = [
      setInterval(() => {
        if (!this.flushRunning) void this.flush();
      }, FLUSH_EVERY_MS),
      setInterval(() => void this.relayBeats(), RELAY_EVERY_MS),
    ];
    for (const timer of this.timers) timer.unref?.();
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  /** Writes the services whose own instances changed; a failed write is retried on the next round. */
  async flush(): Promise<void> {
    // one flush at a time; a caller that must see its change written waits for the running one, then runs
    while (this.flushRunning) await this.flushRunning;
    if (this.dirty.size === 0) return;
    this.flushRunning = this.flushOnce().finally(() => (this.flushRunning = null));
    return this.flushRunning;
  }

  /** Another node changed what it (or, when `nodeId` is this node, this node) owns in a service. */
  remoteChanged(key: ServiceKey, nodeId: number): Promise<void> {
    this.remotePending.set(`${serviceKeyString(key)}\u0003${nodeId}`, { key, nodeId });
    this.remoteRunning ??= this.drainRemote().finally(() => (this.remoteRunning = null));
    return this.remoteRunning;
  }

  /** Re-reads everything other nodes own (at start, and after changes may have been missed). */
  async resync(): Promise<void> {
    this.naming.cluster.replaceAllRemote(await this.store.loadAllOwned(this.nodeId));
  }

  /**
   * A node left or was evicted: its mirrors go, and what other nodes took over from it is read in the same
   * step, so a subscriber never sees a live instance missing in between.
   */
  async nodeGone(nodeId: number): Promise<void> {
    const owned = await this.store.loadAllOwned(this.nodeId);
    this.naming.cluster.dropNode(nodeId);
    this.naming.cluster.replaceAllRemote(owned);
  }

  /** A node stopped renewing: what is still beaten here becomes this node's, written before it is evicted. */
  async takeOverFrom(nodeId: number): Promise<void> {
    const taken = this.naming.cluster.adoptBeaten(nodeId);
    if (taken === 0) return;
    this.logger.info({ nodeId, instances: taken }, 'took over the HTTP instances of a node that stopped renewing');
    await this.flush();
  }

  /** The store lost what this node published (it was evicted): publish everything again. */
  republishAll(): void {
    this.published.clear();
    for (const key of this.naming.cluster.servicesWithOwnEphemeral()) this.dirty.set(serviceKeyString(key), key);
  }

  /** A beat for an instance `ownerNodeId` owns reached this node. */
  relayBeat(ownerNodeId: number, key: ServiceKey, ref: InstanceRef): void {
    let beats = this.beatsToRelay.get(ownerNodeId);
    if (!beats) this.beatsToRelay.set(ownerNodeId, (beats = new Map<string, RelayedBeat>()));
    const { ip, port, clusterName } = ref;
    beats.set(`${serviceKeyString(key)}\u0003${instanceIdentity(ip, port, clusterName)}`, {
      key,
      ip,
      port,
      clusterName,
    });
  }

  /** Beats other nodes received for instances this node owns. */
  beatsRelayed(ownerNodeId: number, beats: RelayedBeat[]): void {
    if (ownerNodeId === this.nodeId) this.naming.cluster.beatenElsewhere(beats);
  }

  private async relayBeats(): Promise<void> {
    const batches = [...this.beatsToRelay];
    this.beatsToRelay.clear();
    for (const [owner, beats] of batches) {
      // a lost relay costs at most one beat: the next one goes out a second later
      await this.store.relayBeats(owner, [...beats.values()]).catch(() => undefined);
    }
  }

  private async flushOnce(): Promise<void> {
    for (const [keyString, key] of [...this.dirty]) {
      this.dirty.delete(keyString);
      const before: Published = this.published.get(keyString) ?? new Map<string, never>();
      const { changes, after } = diff(before, this.naming.cluster.ownEphemeral(key));
      this.holdBackRemovals(keyString, key, changes, after);
      if (changes.put.length === 0 && changes.removed.length === 0) continue;
      try {
        await this.store.publishOwned(this.nodeId, key, changes);
        if (after.size > 0) this.published.set(keyString, after);
        else this.published.delete(keyString);
        this.failing = false;
      } catch (err) {
        this.dirty.set(keyString, key);
        if (!this.failing && !isUnavailable(err))
          this.logger.warn({ err }, 'could not share ephemeral instances with the cluster');
        this.failing = true;
        return;
      }
      // an instance this node let go of may live on at another node (its client moved there): mirror it
      if (changes.removed.length > 0) void this.remoteChanged(key, EVERY_NODE);
    }
  }

  /** Removals younger than the grace stay published (and the service dirty) until it has passed. */
  private holdBackRemovals(keyString: string, key: ServiceKey, changes: OwnedChanges, after: Published): void {
    const previous = this.leaving.get(keyString);
    const leaving = new Map<string, number>();
    const now = Date.now();
    changes.removed = changes.removed.filter((ref) => {
      const identity = instanceIdentity(ref.ip, ref.port, ref.clusterName);
      const since = previous?.get(identity) ?? now;
      if (now - since >= this.removalGraceMs) return true;
      leaving.set(identity, since);
      after.set(identity, { ref, signature: this.published.get(keyString)?.get(identity)?.signature ?? '' });
      this.dirty.set(keyString, key);
      return false;
    });
    if (leaving.size > 0) this.leaving.set(keyString, leaving);
    else this.leaving.delete(keyString);
  }

  private async drainRemote(): Promise<void> {
    // let a burst of announcements gather before reading
    await new Promise((resolve) => setImmediate(resolve));
    while (this.remotePending.size > 0) {
      const batch = [...this.remotePending.values()];
      this.remotePending.clear();
      for (const { key, nodeId } of batch) {
        if (nodeId === this.nodeId || nodeId === EVERY_NODE) await this.reloadService(key, nodeId === this.nodeId);
        else {
          const owned = await this.store.loadOwned(key, this.nodeId);
          this.naming.cluster.replaceRemote(key, nodeId, owned.get(nodeId) ?? []);
        }
      }
    }
  }

  /** Re-reads a whole service: what other nodes own, and (`own`) edits other nodes made to this node's part. */
  private async reloadService(key: ServiceKey, own: boolean): Promise<void> {
    const owned = await this.store.loadOwned(key, own ? EVERY_NODE : this.nodeId);
    if (own) this.adoptOwn(key, owned.get(this.nodeId) ?? []);
    owned.delete(this.nodeId);
    for (const nodeId of this.naming.cluster.mirroredNodes()) if (!owned.has(nodeId)) owned.set(nodeId, []);
    for (const [nodeId, instances] of owned) this.naming.cluster.replaceRemote(key, nodeId, instances);
  }

  private adoptOwn(key: ServiceKey, stored: StoredInstance[]): void {
    const keyString = serviceKeyString(key);
    const published = this.published.get(keyString) ?? new Map<string, never>();
    const signatures = new Map([...published].map(([identity, p]) => [identity, p.signature]));
    this.naming.cluster.adoptOwnEdits(key, stored, signatures, signatureOf);
    // what this node wrote is now what the store holds: no write goes back over the edit
    const rows = new Map(stored.map((s) => [instanceIdentity(s.ip, s.port, s.clusterName), s]));
    for (const [identity, entry] of [...published]) {
      const row = rows.get(identity);
      if (row) entry.signature = signatureOf(row);
      else published.delete(identity);
    }
    if (published.size === 0) this.published.delete(keyString);
  }
}

function diff(before: Published, own: StoredInstance[]): { changes: OwnedChanges; after: Published } {
  const after: Published = new Map();
  const changes: OwnedChanges = { put: [], removed: [] };
  for (const instance of own) {
    const identity = instanceIdentity(instance.ip, instance.port, instance.clusterName);
    const signature = signatureOf(instance);
    after.set(identity, {
      ref: { ip: instance.ip, port: instance.port, clusterName: instance.clusterName },
      signature,
    });
    if (before.get(identity)?.signature !== signature) changes.put.push(instance);
  }
  for (const [identity, { ref }] of before) if (!after.has(identity)) changes.removed.push(ref);
  return { changes, after };
}

/** What another node sees of an instance (not its times, which change with every beat). */
function signatureOf(i: StoredInstance): string {
  return JSON.stringify([i.instanceId, i.weight, i.healthy, i.enabled, i.appName, i.metadata]);
}
