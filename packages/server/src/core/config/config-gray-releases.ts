import type { Clock } from '../../shared/clock.js';
import { invalid, notFound } from '../../shared/errors.js';
import type { ConfigAudit } from './config-audit.js';
import { grayNameOf, type ConfigGray, type GrayClient, type GrayRule } from './config-gray.js';
import type { ConfigGrayStore } from './config-gray-store.js';
import { grayPromotion } from './config-gray-promotion.js';
import type { StoredConfig } from './config-store.js';
import { GrayVersions } from './config-gray-versions.js';
import { grayHistoryOf } from './config-history-entry.js';
import { configKeyString, type ConfigKey } from './config-key.js';
import type { ConfigWrites } from './config-write-turn.js';
import {
  checkEncryptedDataKey,
  md5Hex,
  normalizeConfigType,
  type ChangeSource,
  type ConfigItem,
  type PublishInput,
} from './config-model.js';
import type { ConfigWatchHub } from './config-watch-hub.js';

/** What the gray releases share with the config service they belong to. */
export interface GrayReleaseDeps {
  store: ConfigGrayStore | undefined;
  clock: Clock;
  /** The service's lock: gray and stable writes of one key are serialized together. */
  writes: ConfigWrites;
  watchers: ConfigWatchHub;
  /** The service's current audit (it can be switched on after start). */
  audit: () => ConfigAudit;
  stable: (keyString: string) => ConfigItem | undefined;
  checkContent: (content: string) => void;
  /** Installs a committed stable config without waking watchers; answers whether its md5 changed. */
  installStable: (stored: StoredConfig) => boolean;
}

/**
 * The gray (beta, tag) versions of configs beside the stable ones: served from memory, written to the
 * store (with history and audit row) before memory changes and watchers wake.
 */
export class GrayReleases {
  private readonly versions = new GrayVersions();

  constructor(private readonly deps: GrayReleaseDeps) {}

  async load(): Promise<void> {
    for (const gray of (await this.deps.store?.loadAllGrays()) ?? []) this.versions.put(gray);
  }

  /** The md5 `client` reads of a key when a gray version matches it; undefined otherwise. */
  md5For(keyString: string, client: GrayClient): string | undefined {
    if (this.versions.size === 0) return undefined;
    return this.versions.matching(keyString, client)?.item.md5;
  }

  /** With no gray version anywhere this is one comparison: the read path costs what it did before. */
  grayFor(key: ConfigKey, client: GrayClient): ConfigGray | undefined {
    if (this.versions.size === 0) return undefined;
    return this.versions.matching(configKeyString(key), client);
  }

  hasGray(key: ConfigKey): boolean {
    return this.versions.size > 0 && this.versions.has(configKeyString(key));
  }

  graysOf(key: ConfigKey): readonly ConfigGray[] {
    return this.versions.of(configKeyString(key));
  }

  /** Attributes not given are those of the stable config. Durable before it is answered or served. */
  publish(input: PublishInput & { rule: GrayRule }, source: ChangeSource): Promise<ConfigGray> {
    const key: ConfigKey = { namespaceId: input.namespaceId, group: input.group, dataId: input.dataId };
    return this.deps.audit().around('config.gray.publish', key, source, () => this.publishLocked(input, key, source));
  }

  private publishLocked(input: PublishInput & { rule: GrayRule }, key: ConfigKey, source: ChangeSource) {
    const store = this.requireStore();
    this.deps.checkContent(input.content);
    if (input.encryptedDataKey !== undefined) checkEncryptedDataKey(input.encryptedDataKey);
    const keyString = configKeyString(key);
    const grayName = grayNameOf(input.rule);
    return this.deps.writes.run(keyString, async () => {
      const now = this.deps.clock.now();
      const stable = this.deps.stable(keyString);
      const old = this.versions.of(keyString).find((g) => g.grayName === grayName);
      const item: Omit<ConfigItem, 'id'> = {
        namespaceId: key.namespaceId,
        group: key.group,
        dataId: key.dataId,
        content: input.content,
        md5: md5Hex(input.content),
        encryptedDataKey: input.encryptedDataKey ?? '',
        type: normalizeConfigType(input.type ?? stable?.type),
        desc: input.desc ?? stable?.desc ?? '',
        appName: input.appName ?? stable?.appName ?? '',
        configTags: input.configTags ?? stable?.configTags ?? '',
        createdAt: old?.item.createdAt ?? now,
        modifiedAt: now,
        srcUser: source.srcUser ?? '',
        srcIp: source.srcIp ?? '',
      };
      const history = grayHistoryOf(item, old ? 'U' : 'I', source, now, grayName);
      const audit = this.deps.audit().okRow('config.gray.publish', key, source);
      const gray = await store.saveGray({ grayName, rule: input.rule, item }, history, audit);
      if (this.versions.put(gray)) this.deps.watchers.notify(keyString);
      return gray;
    });
  }

  /** nacos's "stop beta": the gray version's clients read the stable config again. */
  remove(key: ConfigKey, grayName: string, source: ChangeSource): Promise<boolean> {
    const store = this.requireStore();
    const keyString = configKeyString(key);
    const audit = this.deps.audit();
    return audit.around('config.gray.delete', key, source, () =>
      this.deps.writes.run(keyString, async () => {
        const now = this.deps.clock.now();
        const row = audit.okRow('config.gray.delete', key, source);
        const history = (gray: ConfigGray) => grayHistoryOf(gray.item, 'D', source, now, grayName);
        const removed = await store.removeGray(key, grayName, history, row);
        if (!removed) await audit.unchanged('config.gray.delete', key, source);
        if (this.versions.delete(keyString, grayName)) this.deps.watchers.notify(keyString);
        return removed !== undefined;
      }),
    );
  }

  /** Makes a gray version the stable config and removes it: one store transaction, one wake-up. */
  promote(key: ConfigKey, grayName: string, source: ChangeSource): Promise<ConfigItem> {
    const store = this.requireStore();
    const keyString = configKeyString(key);
    const audit = this.deps.audit();
    return audit.around('config.gray.promote', key, source, () =>
      this.deps.writes.run(keyString, async () => {
        const now = this.deps.clock.now();
        const row = audit.okRow('config.gray.promote', key, source);
        const promoted = await store.promoteGray(key, grayName, (gray, current) =>
          grayPromotion(gray, current, source, now, row),
        );
        if (!promoted) throw notFound(`no gray version ${grayName} of ${key.dataId}`);
        const stableChanged = this.deps.installStable(promoted.stored);
        // the stable config's clients and the gray version's are woken once, together
        if (this.versions.delete(keyString, grayName) || stableChanged) this.deps.watchers.notify(keyString);
        return promoted.stored.item;
      }),
    );
  }

  /** Re-reads one config's gray versions (another node may have changed them); call under the key's lock. */
  async refresh(key: ConfigKey): Promise<void> {
    if (!this.deps.store) return;
    const keyString = configKeyString(key);
    if (this.versions.replace(keyString, await this.deps.store.graysOf(key))) this.deps.watchers.notify(keyString);
  }

  /** Re-reads every gray version, waking the watchers of each key whose versions changed. */
  async reload(): Promise<void> {
    if (!this.deps.store) return;
    const byKey = new Map<string, ConfigGray[]>();
    for (const gray of await this.deps.store.loadAllGrays()) {
      const keyString = configKeyString(gray.item);
      byKey.set(keyString, [...(byKey.get(keyString) ?? []), gray]);
    }
    const keys = new Set([...byKey.keys()]);
    for (const grays of this.versions.all()) if (grays[0]) keys.add(configKeyString(grays[0].item));
    for (const keyString of keys) {
      if (this.versions.replace(keyString, byKey.get(keyString) ?? [])) this.deps.watchers.notify(keyString);
    }
  }

  private requireStore(): ConfigGrayStore {
    if (!this.deps.store) throw invalid('gray configs are not supported by this store');
    return this.deps.store;
  }
}
