import type { Logger } from '../../shared/logger.js';
import { serviceKeyString, type ServiceKey } from '../naming/naming-model.js';
import type { NamingService } from '../naming/naming-service.js';
import { instanceIdentity } from '../naming/service-entry.js';
import type { ClusterStore, EphemeralDecision, EphemeralWritten, RelayedBeat } from './cluster-store.js';
import { identityOf } from './owned-diff.js';
import { OwnPublisher } from './own-publisher.js';
import type { InstanceRef } from './store-change.js';

/** Changes no client waits on go to the store at least this often. */
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

/**
 * Shares this node's ephemeral instances with the other nodes through the store, and mirrors theirs. Own
 * instances are written by an `OwnPublisher` (a group commit: a client's registration is answered once it
 * is committed). Announcements of other nodes' changes are coalesced: a burst for one service is read
 * once, and reads run one at a time. An announcement naming this node means another node edited or
 * removed one of its instances: this node adopts what the store now holds. An edit or deregister made
 * through this node is decided on the stored row, wherever it is (`writeThrough`).
 */
export class EphemeralReplicator {
  private readonly own: OwnPublisher;
  private readonly remotePending = new Map<string, { key: ServiceKey; nodeId: number }>();
  private readonly beatsToRelay = new Map<number, Map<string, RelayedBeat>>();
  private remoteRunning: Promise<void> | null = null;
  /** Writes made through this node, per service: a read of the service begun before one is done again. */
  private readonly writes = new Map<string, number>();
  private timers: Array<ReturnType<typeof setInterval>> = [];

  constructor(
    private readonly store: ClusterStore,
    private readonly naming: NamingService,
    private readonly nodeId: number,
    private readonly logger: Logger,
    removalGraceMs = REMOVAL_GRACE_MS,
  ) {
    this.own = new OwnPublisher(store, naming, nodeId, logger, removalGraceMs);
    this.own.onReleased = (key) => void this.remoteChanged(key, EVERY_NODE);
    this.own.onRemovedAnywhere = (key, ref, owners) => {
      this.wroteThrough(key);
      const gone = owners.filter((nodeId) => nodeId !== this.nodeId).map((nodeId) => ({ nodeId, instance: null }));
      this.naming.cluster.replaceRemoteInstance(key, ref, gone);
    };
  }

  /** Mirrors what the other nodes own, then follows local changes. */
  async start(): Promise<void> {
    await this.resync();
    this.naming.onServiceChanged((key) => this.own.changed(key));
    this.timers = [
      setInterval(() => void this.own.flush(), FLUSH_EVERY_MS),
      setInterval(() => void this.relayBeats(), RELAY_EVERY_MS),
    ];
    for (const timer of this.timers) timer.unref?.();
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  /** Writes the services whose own instances changed; a failed write is retried on the next round. */
  flush(): Promise<void> {
    return this.own.flush();
  }

  /** Resolves once a client's own changes in `key` (identities registered, deregistered) are committed. */
  commit(key: ServiceKey, put: string[], removed: string[]): Promise<void> {
    return this.own.commit(key, put, removed);
  }

  /**
   * An edit (`decide`) or removal (null) of one ephemeral instance made through this node, whichever node
   * owns it: this node's pending changes of the service are written first, the store decides on the
   * committed rows, and this node's memory takes what was written before the answer (a read of the
   * service begun before the write is done again, so it cannot bring back what the write changed).
   */
  async writeThrough(key: ServiceKey, ref: InstanceRef, decide: EphemeralDecision | null): Promise<EphemeralWritten[]> {
    if (!decide) {
      // with the next group commit: memory takes it there, before the answer
      const owners = await this.own.removeAnywhere(key, ref);
      return owners.map((nodeId) => ({ nodeId, instance: null }));
    }
    await this.own.settle(key);
    const written = await this.store.editEphemeral(key, ref, decide);
    this.wroteThrough(key);
    this.naming.cluster.replaceRemoteInstance(
      key,
      ref,
      written.filter((w) => w.nodeId !== this.nodeId),
    );
    const mine = written.filter((w) => w.nodeId === this.nodeId && w.instance !== null).map((w) => w.instance!);
    if (written.some((w) => w.nodeId === this.nodeId) || this.naming.cluster.ownsHere(key, ref)) {
      await this.own.inTurn(async () => this.own.adoptRows(key, [identityOf(ref)], mine));
    }
    return written;
  }

  /** A write of the service went through this node: a read of it begun before is done again. */
  private wroteThrough(key: ServiceKey): void {
    const keyString = serviceKeyString(key);
    this.writes.set(keyString, (this.writes.get(keyString) ?? 0) + 1);
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

  /**
   * This node was evicted and is back. Its rows were hidden meanwhile, and are listed again: what other
   * nodes deregistered or took over (and edited) meanwhile is read and adopted, not written back. A node
   * gone so long that it was forgotten (`forgotten`: its rows went too) publishes everything again.
   */
  rejoined(forgotten: boolean): void {
    if (forgotten) return this.own.republishAll();
    for (const key of this.naming.cluster.servicesWithOwnEphemeral()) void this.remoteChanged(key, this.nodeId);
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

  private async drainRemote(): Promise<void> {
    // let a burst of announcements gather before reading
    await new Promise((resolve) => setImmediate(resolve));
    while (this.remotePending.size > 0) {
      const batch = [...this.remotePending.values()];
      this.remotePending.clear();
      for (const { key, nodeId } of batch) {
        const keyString = serviceKeyString(key);
        const writesBefore = this.writes.get(keyString);
        const apply =
          nodeId === this.nodeId || nodeId === EVERY_NODE
            ? await this.reloadService(key, nodeId === this.nodeId, writesBefore)
            : await this.reloadNode(key, nodeId, writesBefore);
        if (!apply) this.remotePending.set(`${keyString}\u0003${nodeId}`, { key, nodeId });
      }
    }
  }

  /** Whether no write of the service went through this node since `writesBefore` was read. */
  private unwritten(key: ServiceKey, writesBefore: number | undefined): boolean {
    return this.writes.get(serviceKeyString(key)) === writesBefore;
  }

  /** Re-reads what one other node owns in a service; false when a write made here since asks for a new read. */
  private async reloadNode(key: ServiceKey, nodeId: number, writesBefore: number | undefined): Promise<boolean> {
    const owned = await this.store.loadOwned(key, this.nodeId);
    if (!this.unwritten(key, writesBefore)) return false;
    this.naming.cluster.replaceRemote(key, nodeId, owned.get(nodeId) ?? []);
    return true;
  }

  /**
   * Re-reads a whole service: what other nodes own, and (`own`) edits other nodes made to this node's part;
   * false when a write made here since asks for a new read.
   */
  private async reloadService(key: ServiceKey, own: boolean, writesBefore: number | undefined): Promise<boolean> {
    if (own) {
      // own rows are read in turn with this node's writes of them: what was written last is known
      const adopted = await this.own.inTurn(async () => {
        const mine = await this.store.loadOwn(this.nodeId, key);
        if (!this.unwritten(key, writesBefore)) return false;
        if (mine) this.own.adopt(key, mine);
        return true;
      });
      if (!adopted) return false;
    }
    const owned = await this.store.loadOwned(key, this.nodeId);
    if (!this.unwritten(key, writesBefore)) return false;
    for (const nodeId of this.naming.cluster.mirroredNodes()) if (!owned.has(nodeId)) owned.set(nodeId, []);
    for (const [nodeId, instances] of owned) this.naming.cluster.replaceRemote(key, nodeId, instances);
    return true;
  }
}
