import type { Clock } from '../../shared/clock.js';
import { conflict, invalid } from '../../shared/errors.js';
import { KeyedLock } from '../../shared/keyed-lock.js';
import { configWrites } from './config-write-turn.js';
import { configKeyString, type ConfigKey } from './config-key.js';
import {
  checkEncryptedDataKey,
  md5Hex,
  normalizeConfigType,
  type ChangeSource,
  type ConfigHistoryEntry,
  type ConfigItem,
  type HistoryOp,
  type PublishInput,
  sameConfigValue,
} from './config-model.js';
import {
  byGroupThenDataId,
  configFilter,
  listingFilter,
  type ConfigListing,
  type ConfigSearch,
} from './config-search.js';
import type { ConfigStore, HistoryPage, StoredConfig } from './config-store.js';
import type { ConfigGray, GrayClient, GrayRule } from './config-gray.js';
import type { ConfigGrayStore } from './config-gray-store.js';
import { GrayReleases } from './config-gray-releases.js';
import { historyOf } from './config-history-entry.js';
import { ConfigAudit } from './config-audit.js';
import type { AuditLog } from '../audit/audit-log.js';
import { ConfigWatchHub, type ConfigWatcher, type ConfigWatching } from './config-watch-hub.js';

export type { PublishInput } from './config-model.js';

export interface PublishResult {
  item: ConfigItem;
  /** False when the content and every attribute were already as published (or, `ifAbsent`, it was stored). */
  changed: boolean;
  /** Whether the store held the config when the publish was decided. */
  existed: boolean;
}

export type ConfigChange = { op: HistoryOp; key: ConfigKey; item?: ConfigItem };

/**
 * The config center. Reads come from memory; writes go to the store first and touch memory and wake
 * watchers only after the store has made them durable.
 */
export class ConfigService implements ConfigWatching {
  private readonly items = new Map<string, ConfigItem>();
  /** The store's revision of each item in memory: an older copy never replaces a newer one. */
  private readonly revisions = new Map<string, number>();
  /** Reloads in flight, and the keys removed meanwhile: their snapshot rows are older than the removal. */
  private reloading = 0;
  private readonly removedDuringReload = new Set<string>();
  /** Writes are serialized per key so compare-and-set and history order hold with any store. */
  private readonly keyLock = new KeyedLock();
  /** The same lock for writes, which give up (busy) rather than wait past their client's patience. */
  private readonly writes = configWrites(this.keyLock);
  private readonly changeListeners = new Set<(change: ConfigChange) => void>();
  /** Who waits for which key (held long-polls, gRPC listeners). */
  private readonly watchers = new ConfigWatchHub();
  /** Writes the audit rows of writes that name their door. */
  private audit = new ConfigAudit(undefined);
  /** Gray (beta, tag) versions beside the stable configs. */
  private readonly grays: GrayReleases;

  private constructor(
    private readonly store: ConfigStore,
    private readonly clock: Clock,
    readonly maxContentBytes: number,
    grayStore: ConfigGrayStore | undefined,
  ) {
    this.grays = new GrayReleases({
      store: grayStore,
      clock,
      writes: this.writes,
      watchers: this.watchers,
      audit: () => this.audit,
      stable: (keyString) => this.items.get(keyString),
      checkContent: (content) => this.checkContent(content),
      installStable: (stored) => this.take(stored, false),
    });
  }

  /** Without a `grayStore`, gray publishes are refused (and no config has a gray version). */
  static async create(store: ConfigStore, clock: Clock, maxContentBytes: number, grayStore?: ConfigGrayStore) {
    const service = new ConfigService(store, clock, maxContentBytes, grayStore);
    for (const stored of await store.loadAll()) service.take(stored);
    await service.grays.load();
    return service;
  }

  /** Records every write that names its door in this trail from now on. */
  useAudit(log: AuditLog): void {
    this.audit = new ConfigAudit(log);
  }

  get(key: ConfigKey): ConfigItem | undefined {
    return this.items.get(configKeyString(key));
  }

  /** Whether the store holds the config now (this node's copy may be behind another node's write). */
  async stored(key: ConfigKey): Promise<boolean> {
    return (await this.store.get(key)) !== undefined;
  }

  /**
   * Current md5 of a key string as `client` would read it (a gray version's when its rule matches), ""
   * when the config does not exist: what listeners compare with.
   */
  md5Of(keyString: string, client?: GrayClient): string {
    const gray = client && this.grays.md5For(keyString, client);
    return gray ?? this.items.get(keyString)?.md5 ?? '';
  }

  /** The gray version `client` reads instead of the stable config, if any. */
  grayFor(key: ConfigKey, client: GrayClient): ConfigGray | undefined {
    return this.grays.grayFor(key, client);
  }

  /** Whether a config has a gray version (with none anywhere, one comparison). */
  hasGray(key: ConfigKey): boolean {
    return this.grays.hasGray(key);
  }

  /** A config's gray versions, beta first. */
  graysOf(key: ConfigKey): readonly ConfigGray[] {
    return this.grays.graysOf(key);
  }

  /**
   * Publishes a gray version of a config: clients the rule matches read it, others keep the stable one.
   * Attributes not given are those of the stable config. Durable before it is answered or served.
   */
  async publishGray(input: PublishInput & { rule: GrayRule }, source: ChangeSource = {}): Promise<ConfigGray> {
    return this.grays.publish(input, source);
  }

  /** Removes a gray version (nacos's "stop beta"): its clients read the stable config again. */
  async removeGray(key: ConfigKey, grayName: string, source: ChangeSource = {}): Promise<boolean> {
    return this.grays.remove(key, grayName, source);
  }

  /**
   * Makes a gray version the stable config (every client reads it) and removes it, in one store transaction:
   * a failure leaves both as they were.
   */
  async promoteGray(key: ConfigKey, grayName: string, source: ChangeSource = {}): Promise<ConfigItem> {
    return this.grays.promote(key, grayName, source);
  }

  count(namespaceId?: string): number {
    if (namespaceId === undefined) return this.items.size;
    let n = 0;
    for (const item of this.items.values()) if (item.namespaceId === namespaceId) n++;
    return n;
  }

  /** The SDK search (`search=accurate|blur`): matching configs ordered by id, paged. */
  search(search: ConfigSearch, offset: number, limit: number): { total: number; items: ConfigItem[] } {
    const filter = configFilter(search);
    const matched = [...this.items.values()].filter(filter).sort((a, b) => a.id - b.id);
    return { total: matched.length, items: matched.slice(offset, offset + limit) };
  }

  /** One namespace's configs whose group and dataId contain the given substrings, by group then dataId. */
  list(listing: ConfigListing): ConfigItem[] {
    return [...this.items.values()].filter(listingFilter(listing)).sort(byGroupThenDataId);
  }

  all(): IterableIterator<ConfigItem> {
    return this.items.values();
  }

  /** Calls `watcher` with the key string whenever that config's content changes (from any door). */
  watch(keyString: string, watcher: ConfigWatcher): void {
    this.watchers.watch(keyString, watcher);
  }

  unwatch(keyString: string, watcher: ConfigWatcher): void {
    this.watchers.unwatch(keyString, watcher);
  }

  /** Number of (key, watcher) registrations. */
  watcherCount(): number {
    return this.watchers.size();
  }

  onChange(listener: (change: ConfigChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  checkContent(content: string): void {
    if (content.trim() === '') throw invalid('content is required');
    const bytes = Buffer.byteLength(content, 'utf8');
    if (bytes > this.maxContentBytes) {
      throw invalid(`content is too large: ${bytes} bytes, the limit is ${this.maxContentBytes}`);
    }
  }

  /**
   * Publishes a config. Whether it changes anything, and whether a `casMd5` matches, is decided by the store
   * against the committed config, never against this node's copy (which may be behind another node's write).
   */
  async publish(input: PublishInput, source: ChangeSource = {}): Promise<PublishResult> {
    const key: ConfigKey = { namespaceId: input.namespaceId, group: input.group, dataId: input.dataId };
    return this.audit.around('config.publish', key, source, async () => {
      this.checkContent(input.content);
      if (input.encryptedDataKey !== undefined) checkEncryptedDataKey(input.encryptedDataKey);
      return this.publishLocked(input, key, source);
    });
  }

  private publishLocked(input: PublishInput, key: ConfigKey, source: ChangeSource): Promise<PublishResult> {
    return this.writes.run(configKeyString(key), async () => {
      const now = this.clock.now();
      let existed = false;
      const result = await this.store.save(key, (current) => {
        existed = current !== undefined;
        if (input.ifAbsent && current) return null;
        if (input.casMd5 !== undefined && current && current.md5 !== input.casMd5) {
          throw conflict('Cas publish fail, server md5 may have changed.');
        }
        // field by field, not `{ ...key, ... }`: see withId
        const next: Omit<ConfigItem, 'id'> = {
          namespaceId: key.namespaceId,
          group: key.group,
          dataId: key.dataId,
          content: input.content,
          md5: md5Hex(input.content),
          encryptedDataKey:
            input.encryptedDataKey ?? (current && current.content === input.content ? current.encryptedDataKey : ''),
          type: normalizeConfigType(input.type ?? current?.type),
          desc: input.desc ?? current?.desc ?? '',
          appName: input.appName ?? current?.appName ?? '',
          configTags: input.configTags ?? current?.configTags ?? '',
          createdAt: current?.createdAt ?? now,
          modifiedAt: now,
          srcUser: source.srcUser ?? '',
          srcIp: source.srcIp ?? '',
        };
        if (current && sameConfigValue(current, next)) return null;
        const audit = this.audit.okRow('config.publish', key, source);
        return { item: next, history: historyOf(next, current ? 'U' : 'I', source, now), audit };
      });
      // nothing written: no row went with it, so the trail gets one of its own
      if (!result.written) await this.audit.unchanged('config.publish', key, source);
      this.take(result.stored);
      return { item: result.stored.item, changed: result.written, existed };
    });
  }

  /** Removes a config as stored; resolves false when the store had nothing to remove. */
  async remove(key: ConfigKey, source: ChangeSource = {}): Promise<boolean> {
    return this.audit.around('config.delete', key, source, () =>
      this.writes.run(configKeyString(key), async () => {
        const now = this.clock.now();
        const audit = this.audit.okRow('config.delete', key, source);
        const removed = await this.store.remove(key, (item) => historyOf(item, 'D', source, now), audit);
        if (!removed) await this.audit.unchanged('config.delete', key, source);
        // whatever this node held, the store has no such config now
        this.drop(key);
        return removed !== undefined;
      }),
    );
  }

  /** Re-reads one config another node changed in the shared store, and wakes its watchers. */
  async refresh(key: ConfigKey): Promise<void> {
    await this.keyLock.run(configKeyString(key), async () => {
      const stored = await this.store.get(key);
      if (stored) this.take(stored);
      else this.drop(key);
      await this.grays.refresh(key);
    });
  }

  /**
   * Re-reads every config (after a bulk write, or when changes may have been missed) and wakes what changed.
   * Writes go on meanwhile: a config this node wrote or re-read after the snapshot is newer and kept, one
   * removed meanwhile stays removed, and a config missing from the snapshot is re-read on its own (it may
   * have been created since).
   */
  async reload(): Promise<void> {
    this.reloading++;
    try {
      const snapshot = await this.store.loadAll();
      const seen = new Set<string>();
      for (const stored of snapshot) {
        const keyString = configKeyString(stored.item);
        seen.add(keyString);
        if (!this.removedDuringReload.has(keyString)) this.take(stored);
      }
      for (const [keyString, item] of [...this.items]) {
        const key = { namespaceId: item.namespaceId, group: item.group, dataId: item.dataId };
        if (!seen.has(keyString)) await this.refresh(key);
      }
      await this.grays.reload();
    } finally {
      if (--this.reloading === 0) this.removedDuringReload.clear();
    }
  }

  /**
   * Installs a committed config unless memory already holds a later revision; wakes what changed (the
   * watchers only with `wake`). Answers whether its md5 changed.
   */
  private take(stored: StoredConfig, wake = true): boolean {
    const { item, revision } = stored;
    const keyString = configKeyString(item);
    const old = this.items.get(keyString);
    const known = this.revisions.get(keyString);
    if (old && known !== undefined && known > revision) return false;
    this.revisions.set(keyString, revision);
    if (old && old.id === item.id && old.modifiedAt === item.modifiedAt && sameConfigValue(old, item)) return false;
    this.items.set(keyString, item);
    const key = { namespaceId: item.namespaceId, group: item.group, dataId: item.dataId };
    const md5Changed = old?.md5 !== item.md5;
    this.emit({ op: old ? 'U' : 'I', key, item }, md5Changed && wake);
    return md5Changed;
  }

  private drop(key: ConfigKey): void {
    const keyString = configKeyString(key);
    this.revisions.delete(keyString);
    if (this.reloading > 0) this.removedDuringReload.add(keyString);
    if (!this.items.delete(keyString)) return;
    this.emit({ op: 'D', key: { namespaceId: key.namespaceId, group: key.group, dataId: key.dataId } }, true);
  }

  history(key: ConfigKey, offset: number, limit: number): Promise<HistoryPage> {
    return this.store.listHistory(key, offset, limit);
  }

  historyEntry(id: number): Promise<ConfigHistoryEntry | undefined> {
    return this.store.getHistory(id);
  }

  private emit(change: ConfigChange, md5Changed: boolean): void {
    // Listeners are woken only when the content changed, as every nacos client expects; a new
    // encryptedDataKey over the same content is stored and answered but wakes nobody (nacos updates the
    // key in its cache without a change event when the md5 is the same).
    if (md5Changed) this.watchers.notify(configKeyString(change.key));
    for (const listener of this.changeListeners) listener(change);
  }
}
