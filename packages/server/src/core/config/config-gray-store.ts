import type { ConfigKey } from './config-key.js';
import type { ConfigGray } from './config-gray.js';
import type { ConfigItem } from './config-model.js';
import type { NewHistoryEntry, StoredConfig } from './config-store.js';
import type { NewAuditEntry } from '../audit/audit-model.js';

/** A gray version to write: the store gives its item an id. */
export interface NewConfigGray {
  grayName: string;
  rule: ConfigGray['rule'];
  item: Omit<ConfigItem, 'id'>;
}

/** What promoting a gray version writes, decided from it and the committed stable config. */
export interface GrayPromotion {
  /** The stable config and its history entry; null when the stable config already holds the same. */
  stable: { item: Omit<ConfigItem, 'id'>; history: NewHistoryEntry } | null;
  /** The history entry of the removed gray version. */
  grayHistory: NewHistoryEntry;
  audit?: NewAuditEntry;
}

/** The answer of a promotion: the stable config as committed, whether it changed, and the removed gray. */
export interface GrayPromoted {
  stored: StoredConfig;
  written: boolean;
  removed: ConfigGray;
}

/**
 * Durable storage of the gray versions of configs (nacos's `config_info_gray`), at most one per config and
 * gray name. Like `ConfigStore`, every method resolves once the change and its history entry are durable.
 */
export interface ConfigGrayStore {
  loadAllGrays(): Promise<ConfigGray[]>;
  /** One config's gray versions as stored now (another node may have changed them). */
  graysOf(key: ConfigKey): Promise<ConfigGray[]>;
  /** Inserts or replaces the gray version of that name, and appends its history entry (and audit row). */
  saveGray(gray: NewConfigGray, history: NewHistoryEntry, audit?: NewAuditEntry): Promise<ConfigGray>;
  /** Removes one gray version and appends the history entry made from it; undefined when there was none. */
  removeGray(
    key: ConfigKey,
    grayName: string,
    history: (removed: ConfigGray) => NewHistoryEntry,
    audit?: NewAuditEntry,
  ): Promise<ConfigGray | undefined>;
  /**
   * Makes a gray version the stable config and removes it, in one transaction with both history entries and
   * the audit row (the gray and the stable row locked meanwhile); resolves undefined and writes nothing when
   * there is no such gray version. `decide` may throw to refuse (nothing is written).
   */
  promoteGray(
    key: ConfigKey,
    grayName: string,
    decide: (gray: ConfigGray, committed: ConfigItem | undefined) => GrayPromotion,
  ): Promise<GrayPromoted | undefined>;
}
