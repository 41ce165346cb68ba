import type { Clock } from '../../shared/clock.js';
import { conflict, invalid } from '../../shared/errors.js';
import { KeyedLock } from '../../shared/keyed-lock.js';
import { configKeyString, type ConfigKey } from './config-key.js';
import {
  md5Hex,
  normalizeConfigType,
  type ChangeSource,
  type ConfigHistoryEntry,
  type ConfigItem,
  type HistoryOp,
} from './config-model.js';
import {
  byGroupThenDataId,
  configFilter,
  listingFilter,
  type ConfigListing,
  type ConfigSearch,
} from './config-search.js';
import { CasMismatchError, type ConfigStore, type HistoryPage } from './config-store.js';
import { ConfigWatchHub, type ConfigWatcher, type ConfigWatching } from './config-watch-hub.js';

export interface PublishInput extends ConfigKey {
  content: string;
  type?: string;
  desc?: string;
  appName?: string;
  configTags?: string;
  /** Compare-and-set: publish only if the current md5 equals this (a missing config always matches). */
  casMd5?: string;
}

export interface PublishResult {
  item: ConfigItem;
  /** False when the content and every attribute were already as published. */
  changed: boolean;
}

export type ConfigChange = { op: HistoryOp; key: ConfigKey; item?: ConfigItem };

/**
 * The config center. Reads come from memory; writes go to the store first and touch memory and wake
 * watchers only after the store has made them durable.
 */
export class ConfigService implements ConfigWatching {
  private readonly items = new Map<string, ConfigItem>();
  /** Writes are serialized per key so compare-and-set and history order hold with any store. */
  private readonly keyLock = new KeyedLock();
  private readonly changeListeners = new Set<(change: ConfigChange) => void>();
  /** Who waits for which key (held long-polls, gRPC listeners). */
  private readonly watchers = new ConfigWatchHub();

  private constructor(
    private readonly store: ConfigStore,
    private readonly clock: Clock,
    readonly maxContentBytes: number,
  ) {}

  static async create(store: ConfigStore, clock: Clock, maxContentBytes: number) {
    const service = new ConfigService(store, clock, maxContentBytes);
    for (const item of await store.loadAll()) service.items.set(configKeyString(item), item);
    return service;
  }

  get(key: ConfigKey): ConfigItem | undefined {
    return this.items.get(configKeyString(key));
  }

  /** Current md5 of a key string, "" when the config does not exist (what listeners compare with). */
  md5Of(keyString: string): string {
    return this.items.get(keyString)?.md5 ?? '';
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

  async publish(input: PublishInput, source: ChangeSource = {}): Promise<PublishResult> {
    this.checkContent(input.content);
    const key: ConfigKey = { namespaceId: input.namespaceId, group: input.group, dataId: input.dataId };
    return this.keyLock.run(configKeyString(key), async () => {
      const current = this.get(key);
      if (input.casMd5 !== undefined && current && current.md5 !== input.casMd5) {
        throw conflict('Cas publish fail, server md5 may have changed.');
      }
      const now = this.clock.now();
      const next: Omit<ConfigItem, 'id'> = {
        ...key,
        content: input.content,
        md5: md5Hex(input.content),
        type: normalizeConfigType(input.type ?? current?.type),
        desc: input.desc ?? current?.desc ?? '',
        appName: input.appName ?? current?.appName ?? '',
        configTags: input.configTags ?? current?.configTags ?? '',
        createdAt: current?.createdAt ?? now,
        modifiedAt: now,
        srcUser: source.srcUser ?? '',
        srcIp: source.srcIp ?? '',
      };
      if (current && sameValue(current, next)) return { item: current, changed: false };
      const op: HistoryOp = current ? 'U' : 'I';
      const id = await this.store.save(next, historyOf(next, op, source, now), input.casMd5).catch((err: unknown) => {
        // another node wrote first: this node's copy was behind the store
        if (err instanceof CasMismatchError) throw conflict('Cas publish fail, server md5 may have changed.');
        throw err;
      });
      const item: ConfigItem = { ...next, id };
      this.items.set(configKeyString(key), item);
      this.emit({ op, key, item }, current?.md5 !== item.md5);
      return { item, changed: true };
    });
  }

  /** Removes a config; resolves false when there was nothing to remove. */
  async remove(key: ConfigKey, source: ChangeSource = {}): Promise<boolean> {
    return this.keyLock.run(configKeyString(key), async () => {
      const current = this.get(key);
      if (!current) return false;
      await this.store.remove(key, historyOf(current, 'D', source, this.clock.now()));
      this.items.delete(configKeyString(key));
      this.emit({ op: 'D', key }, true);
      return true;
    });
  }

  /** Re-reads one config another node changed in the shared store, and wakes its watchers. */
  async refresh(key: ConfigKey): Promise<void> {
    const keyString = configKeyString(key);
    await this.keyLock.run(keyString, async () => {
      const stored = await this.store.get(key);
      const old = this.items.get(keyString);
      if (stored) {
        if (old && old.id === stored.id && old.modifiedAt === stored.modifiedAt && sameValue(old, stored)) return;
        this.items.set(keyString, stored);
        this.emit({ op: old ? 'U' : 'I', key, item: stored }, old?.md5 !== stored.md5);
      } else if (old) {
        this.items.delete(keyString);
        this.emit({ op: 'D', key }, true);
      }
    });
  }

  /** Re-reads every config after a bulk write to the store (transfer import) and wakes what changed. */
  async reload(): Promise<void> {
    const fresh = new Map<string, ConfigItem>();
    for (const item of await this.store.loadAll()) fresh.set(configKeyString(item), item);
    const changes: Array<{ change: ConfigChange; md5Changed: boolean }> = [];
    for (const [keyString, item] of fresh) {
      const old = this.items.get(keyString);
      const key = { namespaceId: item.namespaceId, group: item.group, dataId: item.dataId };
      if (!old) changes.push({ change: { op: 'I', key, item }, md5Changed: true });
      else if (!sameValue(old, item))
        changes.push({ change: { op: 'U', key, item }, md5Changed: old.md5 !== item.md5 });
    }
    for (const [keyString, old] of this.items) {
      if (!fresh.has(keyString)) {
        const key = { namespaceId: old.namespaceId, group: old.group, dataId: old.dataId };
        changes.push({ change: { op: 'D', key }, md5Changed: true });
      }
    }
    this.items.clear();
    for (const [keyString, item] of fresh) this.items.set(keyString, item);
    for (const { change, md5Changed } of changes) this.emit(change, md5Changed);
  }

  history(key: ConfigKey, offset: number, limit: number): Promise<HistoryPage> {
    return this.store.listHistory(key, offset, limit);
  }

  historyEntry(id: number): Promise<ConfigHistoryEntry | undefined> {
    return this.store.getHistory(id);
  }

  private emit(change: ConfigChange, md5Changed: boolean): void {
    // Listeners are woken only when the content changed, as every nacos client expects.
    if (md5Changed) this.watchers.notify(configKeyString(change.key));
    for (const listener of this.changeListeners) listener(change);
  }
}

function sameValue(a: Omit<ConfigItem, 'id'>, b: Omit<ConfigItem, 'id'>): boolean {
  return (
    a.content === b.content &&
    a.type === b.type &&
    a.desc === b.desc &&
    a.appName === b.appName &&
    a.configTags === b.configTags
  );
}

function historyOf(item: Omit<ConfigItem, 'id'>, op: HistoryOp, source: ChangeSource, now: number) {
  return {
    namespaceId: item.namespaceId,
    group: item.group,
    dataId: item.dataId,
    content: item.content,
    md5: item.md5,
    type: item.type,
    desc: item.desc,
    appName: item.appName,
    configTags: item.configTags,
    op,
    srcIp: source.srcIp ?? '',
    srcUser: source.srcUser ?? '',
    createdAt: now,
  };
}
