import type { NewAuditEntry } from '../audit/audit-model.js';
import type { ConfigKey } from './config-key.js';
import type { ConfigHistoryEntry, ConfigItem } from './config-model.js';

export type NewHistoryEntry = Omit<ConfigHistoryEntry, 'id'>;

export interface HistoryPage {
  total: number;
  items: ConfigHistoryEntry[];
}

/** A config as committed, with the revision of the write that committed it (per key, higher is later). */
export interface StoredConfig {
  item: ConfigItem;
  revision: number;
}

/**
 * What to write, decided from the committed row; null when there is nothing to write. `audit` is the audit
 * row of the write, written in its transaction (a write is never acknowledged without its row).
 */
export type ConfigWrite = { item: Omit<ConfigItem, 'id'>; history: NewHistoryEntry; audit?: NewAuditEntry } | null;

/** The answer of a write: the config as committed afterwards, and whether this write changed it. */
export interface ConfigWriteResult {
  stored: StoredConfig;
  written: boolean;
}

/**
 * Durable storage of configs and their history. Every method resolves only once the change is durable;
 * the service answers clients after that, so an acknowledged write survives a crash.
 */
export interface ConfigStore {
  /** Everything, for the in-memory read model built at start (and a resync). */
  loadAll(): Promise<StoredConfig[]>;
  /**
   * Decides and writes one config in one transaction: `decide` gets the committed row (locked until the
   * end, so no other writer of the store changes it meanwhile) and answers what to write, or null to keep
   * it; it may throw to refuse (the transaction is rolled back). A written config gets its history entry
   * appended and the config's entries beyond the newest `HISTORY_KEPT_PER_CONFIG` dropped.
   */
  save(key: ConfigKey, decide: (committed: ConfigItem | undefined) => ConfigWrite): Promise<ConfigWriteResult>;
  /** One config as stored now (another node may have changed it). */
  get(key: ConfigKey): Promise<StoredConfig | undefined>;
  /**
   * Removes the config as committed and appends the history entry made from the removed row (trimmed as in
   * `save`), atomically, with the audit row when given; resolves undefined and writes nothing when there was
   * no such config.
   */
  remove(
    key: ConfigKey,
    history: (removed: ConfigItem) => NewHistoryEntry,
    audit?: NewAuditEntry,
  ): Promise<ConfigItem | undefined>;
  /** History of one config, newest first. */
  listHistory(key: ConfigKey, offset: number, limit: number): Promise<HistoryPage>;
  getHistory(id: number): Promise<ConfigHistoryEntry | undefined>;
}
