import { isUnavailable } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import type { StoredInstance } from '../naming/instance-store.js';
import { serviceKeyString, type ServiceKey } from '../naming/naming-model.js';
import type { NamingService } from '../naming/naming-service.js';
import { instanceIdentity } from '../naming/service-entry.js';
import type { ClusterStore, OwnedChanges } from './cluster-store.js';

/** Changes within this window go to the store together. */
const FLUSH_EVERY_MS = 50;

type Published = Map<string, { ref: { ip: string; port: number; clusterName: string }; signature: string }>;

/**
 * Shares this node's ephemeral instances with the other nodes through the store, and mirrors theirs. Own
 * instances are published per service as a diff against what was published last, so only what others
 * would see differently is written (a mirror applied here never echoes back, a beat writes nothing).
 * Announcements of other nodes' changes are coalesced: a burst for one service is read once.
 */
export class EphemeralReplicator {
  private readonly dirty = new Map<string, ServiceKey>();
  private readonly published = new Map<string, Published>();
  private readonly remotePending = new Map<string, { key: ServiceKey; nodeId: number }>();
  private remoteRunning: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private flushing = false;
  private failing = false;

  constructor(
    private readonly store: ClusterStore,
    private readonly naming: NamingService,
    private readonly nodeId: number,
    private readonly logger: Logger,
  ) {}

  /** Mirrors what the other nodes own, then follows local changes. */
  async start(): Promise<void> {
    await this.resync();
    this.naming.onServiceChanged((key) => this.dirty.set(serviceKeyString(key), key));
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Writes the services whose own instances changed; a failed write is retried on the next round. */
  async flush(): Promise<void> {
    if (this.flushing || this.dirty.size === 0) return;
    this.flushing = true;
    try {
      for (const [keyString, key] of [...this.dirty]) {
        this.dirty.delete(keyString);
        const before: Published = this.published.get(keyString) ?? new Map<string, never>();
        const { changes, after } = diff(before, this.naming.cluster.ownEphemeral(key));
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
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Another node changed what it owns in a service; resolves once this node mirrors it. */
  remoteChanged(key: ServiceKey, nodeId: number): Promise<void> {
    this.remotePending.set(`${serviceKeyString(key)}\u0003${nodeId}`, { key, nodeId });
    this.remoteRunning ??= this.drainRemote().finally(() => (this.remoteRunning = null));
    return this.remoteRunning;
  }

  /** Re-reads everything other nodes own (at start, and after changes may have been missed). */
  async resync(): Promise<void> {
    this.naming.cluster.replaceAllRemote(await this.store.loadAllOwned(this.nodeId));
  }

  /** The store lost what this node published (it was evicted): publish everything again. */
  republishAll(): void {
    this.published.clear();
    for (const key of this.naming.cluster.servicesWithOwnEphemeral()) this.dirty.set(serviceKeyString(key), key);
  }

  private async drainRemote(): Promise<void> {
    // let a burst of announcements gather before reading
    await new Promise((resolve) => setImmediate(resolve));
    while (this.remotePending.size > 0) {
      const batch = [...this.remotePending.values()];
      this.remotePending.clear();
      for (const { key, nodeId } of batch) {
        const owned = await this.store.loadOwned(key, this.nodeId);
        this.naming.cluster.replaceRemote(key, nodeId, owned.get(nodeId) ?? []);
      }
    }
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
