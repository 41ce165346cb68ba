import { isUnavailable } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import type { StoredInstance } from '../naming/instance-store.js';
import { serviceKeyString, type ServiceKey } from '../naming/naming-model.js';
import type { NamingService } from '../naming/naming-service.js';
import type { ClusterStore, OwnedWrite, RemovedRow, SkippedPut } from './cluster-store.js';
import type { InstanceRef } from './store-change.js';
import { diffOwned, identityOf, signatureOf, type Published } from './owned-diff.js';
import { PendingWrites, type ServiceWrites } from './pending-writes.js';
import { RemovalGrace } from './removal-grace.js';

/** The owners whose rows a write removed, by service and instance (`removedKey`). */
type RemovedOwners = Map<string, number[]>;

interface Waiter {
  resolve(removed: RemovedOwners): void;
  reject(err: unknown): void;
}

const removedKey = (keyString: string, ref: InstanceRef) => `${keyString}\u0003${identityOf(ref)}`;

/** One service of a flush: what is written, what was written before, and which puts are a client's. */
interface Pending {
  keyString: string;
  key: ServiceKey;
  write: OwnedWrite;
  before: Published;
  after: Published;
  /** What clients asked of the service, put back if the write fails. */
  asked: ServiceWrites;
}

/**
 * Writes this node's own ephemeral instances to the store, as a group commit: the services changed since
 * the last write go in one transaction; a client waiting on its registration or deregistration
 * (`commit`) is answered once the transaction holding it committed, and those arriving meanwhile go in the
 * next one, which starts as soon as this one ends. Changes no client waits on (health, a closed
 * connection) go with the next write, or the periodic one. A client's registration is written whatever
 * the store holds; any other put only while this node's row is what it wrote last, so an edit another
 * node made to it is adopted here rather than undone. Own rows are read and written one turn at a time.
 */
export class OwnPublisher {
  private readonly dirty = new Map<string, ServiceKey>();
  private readonly published = new Map<string, Published>();
  private readonly asked = new PendingWrites();
  private readonly grace: RemovalGrace;
  private waiters: Waiter[] = [];
  private running: Promise<void> | null = null;
  private kicked = false;
  private turn: Promise<unknown> = Promise.resolve();
  private failing = false;
  /** A service whose own instances this node let go of: what other nodes hold of them is read again. */
  onReleased: (key: ServiceKey) => void = () => undefined;
  /** An instance removed wherever it was (`owners`: the nodes whose rows went), before the answer. */
  onRemovedAnywhere: (key: ServiceKey, ref: InstanceRef, owners: number[]) => void = () => undefined;

  constructor(
    private readonly store: ClusterStore,
    private readonly naming: NamingService,
    private readonly nodeId: number,
    private readonly logger: Logger,
    removalGraceMs: number,
  ) {
    this.grace = new RemovalGrace(removalGraceMs);
  }

  changed(key: ServiceKey): void {
    this.dirty.set(serviceKeyString(key), key);
  }

  /** Resolves once a client's own changes in `key` (identities registered, deregistered) are committed. */
  async commit(key: ServiceKey, put: string[], removed: string[]): Promise<void> {
    const keyString = serviceKeyString(key);
    this.dirty.set(keyString, key);
    this.asked.add(keyString, { forced: put, dropped: removed });
    await this.waitForWrite();
  }

  /**
   * Removes an instance wherever it is stored, whichever node owns it, with the next write; resolves with
   * the owners whose rows went once that is committed.
   */
  async removeAnywhere(key: ServiceKey, ref: InstanceRef): Promise<number[]> {
    const keyString = serviceKeyString(key);
    this.dirty.set(keyString, key);
    this.asked.add(keyString, { anywhere: [ref] });
    const removed = await this.waitForWrite();
    return removed.get(removedKey(keyString, ref)) ?? [];
  }

  private waitForWrite(): Promise<RemovedOwners> {
    return new Promise<RemovedOwners>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.kick();
    });
  }

  /** Writes what is pending in `key` (if anything) and resolves once it is committed. */
  async settle(key: ServiceKey): Promise<void> {
    if (this.dirty.has(serviceKeyString(key))) await this.commit(key, [], []);
  }

  /** Writes the services whose own instances changed; a failed write is retried on the next round. */
  async flush(): Promise<void> {
    // one flush at a time; a caller that must see its change written waits for the running one, then runs
    while (this.running) await this.running;
    if (this.dirty.size === 0 && this.waiters.length === 0) return;
    this.running = this.inTurn(() => this.flushOnce()).finally(() => {
      this.running = null;
      if (this.waiters.length > 0) this.kick();
    });
    return this.running;
  }

  /** The store lost what this node published (it was forgotten after an eviction): publish everything again. */
  republishAll(): void {
    this.published.clear();
    for (const key of this.naming.cluster.servicesWithOwnEphemeral()) this.dirty.set(serviceKeyString(key), key);
  }

  /** Runs `step` when no other read or write of own rows runs. */
  inTurn<T>(step: () => Promise<T>): Promise<T> {
    const result = this.turn.then(step);
    this.turn = result.catch(() => undefined);
    return result;
  }

  /**
   * Another node edited or removed own instances of `key` (`stored`: this node's rows now, read in turn):
   * what differs from what this node wrote becomes its current state, except where a client's
   * registration waits to be written (it comes later and replaces the row).
   */
  adopt(key: ServiceKey, stored: StoredInstance[]): void {
    const published = this.published.get(serviceKeyString(key));
    this.adoptRows(key, [...(published?.keys() ?? [])], stored, published);
  }

  /**
   * This node's rows of `identities` in `key` are `rows` (the others are gone), as a write made here or
   * elsewhere left them: memory and the record of what was written take them, except where a client's
   * registration waits to be written. Called in turn.
   */
  adoptRows(key: ServiceKey, identities: Iterable<string>, rows: StoredInstance[], written?: Published): void {
    const keyString = serviceKeyString(key);
    const published = this.published.get(keyString) ?? new Map<string, never>();
    const pending = this.asked.forcedOf(keyString);
    const signatures = new Map<string, string>();
    for (const identity of identities) {
      if (pending.has(identity)) continue;
      const signature = (written ?? published).get(identity)?.signature;
      if (signature !== undefined) signatures.set(identity, signature);
      published.delete(identity);
    }
    const adopted = rows.filter((row) => !pending.has(identityOf(row)));
    const wasDirty = this.dirty.has(keyString);
    this.naming.cluster.adoptOwnEdits(key, adopted, signatures, signatureOf);
    // memory now matches the store: nothing to write back for this
    if (!wasDirty) this.dirty.delete(keyString);
    for (const row of adopted) {
      const { ip, port, clusterName } = row;
      published.set(identityOf(row), { ref: { ip, port, clusterName }, signature: signatureOf(row) });
    }
    if (published.size > 0) this.published.set(keyString, published);
    else this.published.delete(keyString);
  }

  private kick(): void {
    if (this.kicked) return;
    this.kicked = true;
    setImmediate(() => {
      this.kicked = false;
      void this.flush();
    });
  }

  private async flushOnce(): Promise<void> {
    const waiters = this.waiters.splice(0);
    const batch: Pending[] = [];
    for (const [keyString, key] of [...this.dirty]) {
      this.dirty.delete(keyString);
      const asked = this.asked.take(keyString);
      const before: Published = this.published.get(keyString) ?? new Map<string, never>();
      const own = this.naming.cluster.ownEphemeral(key);
      // registered here again after the deregistration: written (and taken from any node) rather than removed
      const registered = new Set(own.map(identityOf));
      const anywhere = asked.anywhere.filter((ref) => !registered.has(identityOf(ref)));
      // a deregistration goes at once, without the grace of a closed connection
      const dropped = new Set([...asked.dropped, ...anywhere.map(identityOf)]);
      const { changes, after } = diffOwned(key, before, own, asked.forced);
      if (this.grace.hold(keyString, changes.removed, after, this.published.get(keyString), dropped))
        this.dirty.set(keyString, key);
      if (anywhere.length > 0) {
        const gone = new Set(anywhere.map(identityOf));
        changes.removed = changes.removed.filter((ref) => !gone.has(identityOf(ref)));
        changes.removedAnywhere = anywhere;
      }
      const empty = changes.put.length + changes.update!.length + changes.removed.length + anywhere.length === 0;
      if (empty) continue;
      batch.push({ keyString, key, write: { key, changes }, before, after, asked });
    }
    let skipped: SkippedPut[] = [];
    let removed: RemovedRow[] = [];
    try {
      if (batch.length > 0) {
        const byService = new Map(batch.map((p) => [p.keyString, p]));
        ({ skipped, removed } = await this.store.publishOwned(
          this.nodeId,
          batch.map((p) => p.write),
          (put, { stored, elsewhere, forgotten }) => {
            const p = byService.get(serviceKeyString(put.key))!;
            const written = p.before.get(identityOf(put));
            // forgotten, and another node holds it: that node took it over since (and may have edited it)
            if (forgotten && elsewhere && !stored) return false;
            // rows that went with this node's lease: what this node holds is all there is
            if (forgotten) return true;
            // taking over an instance another node holds: what the store holds of it (it may have been
            // edited since this node heard of it), with this node's view of its health
            if (!written && !stored && elsewhere) {
              return Object.assign({}, elsewhere, { key: put.key, healthy: put.healthy, modifiedAt: put.modifiedAt });
            }
            // otherwise only over a row still as this node wrote it (none: none written)
            return written?.signature === (stored && signatureOf(stored));
          },
        ));
      }
    } catch (err) {
      for (const p of batch) {
        this.dirty.set(p.keyString, p.key);
        this.asked.add(p.keyString, p.asked);
      }
      if (!this.failing && !isUnavailable(err))
        this.logger.warn({ err }, 'could not share ephemeral instances with the cluster');
      this.failing = true;
      // those that came meanwhile would meet the same outage: told now, not after another attempt
      for (const waiter of [...waiters, ...this.waiters.splice(0)]) waiter.reject(err);
      return;
    }
    this.failing = false;
    for (const p of batch) {
      if (p.after.size > 0) this.published.set(p.keyString, p.after);
      else this.published.delete(p.keyString);
    }
    this.adoptSkipped(batch, skipped);
    const owners: RemovedOwners = new Map();
    for (const r of removed) {
      const at = removedKey(serviceKeyString(r.key), r.ref);
      owners.set(at, [...(owners.get(at) ?? []), r.nodeId]);
    }
    for (const p of batch) {
      for (const ref of p.write.changes.removedAnywhere ?? [])
        this.onRemovedAnywhere(p.key, ref, owners.get(removedKey(p.keyString, ref)) ?? []);
    }
    for (const waiter of waiters) waiter.resolve(owners);
    // an instance this node let go of may live on at another node (its client moved there): mirror it
    for (const p of batch) if (p.write.changes.removed.length > 0) this.onReleased(p.key);
  }

  /**
   * Updates left out because another node edited or removed the row, or written in another form (a
   * take-over keeps the stored fields): the row is what this node now holds.
   */
  private adoptSkipped(batch: Pending[], skipped: SkippedPut[]): void {
    const pending = new Map(batch.map((p) => [p.keyString, p]));
    const released = new Map<string, ServiceKey>();
    for (const s of skipped) {
      const p = pending.get(serviceKeyString(s.key))!;
      // what memory held when it was written (replaced) or what was written before (left out) is what
      // the row is told apart from
      const written = s.replaced ? p.after : p.before;
      this.adoptRows(s.key, [identityOf(s.ref)], s.stored ? [s.stored] : [], written);
      if (!s.stored) released.set(p.keyString, p.key);
    }
    // an instance this node no longer holds may be held by another node (it took it over): mirror it
    for (const key of released.values()) this.onReleased(key);
  }
}
