import type { ConfigKey } from './config-key.js';
import type { ConfigHistoryEntry, ConfigItem } from './config-model.js';

export type NewHistoryEntry = Omit<ConfigHistoryEntry, 'id'>;

export interface HistoryPage {
  total: number;
  items: ConfigHistoryEntry[];
}

/** `save` with an expected md5 found a different stored content (another writer got there first). */
export class CasMismatchError extends Error {
  constructor() {
    super('the stored content no longer has the expected md5');
  }
}

/**
 * Durable storage of configs and their history. Every method resolves only once the change is durable;
 * the service answers clients after that, so an acknowledged write survives a crash.
 */
export interface ConfigStore {
  /** Everything, for the in-memory read model built at start. */
  loadAll(): Promise<ConfigItem[]>;
  /**
   * Inserts or replaces the config and appends the history entry, dropping the config's entries beyond the
   * newest `HISTORY_KEPT_PER_CONFIG`, atomically. Returns the config's id. With `expectedMd5`, the stored
   * config (when there is one) must still have that md5 or nothing is written and `CasMismatchError` is
   * thrown: the check and the write are one step, whoever else writes to the store.
   */
  save(item: Omit<ConfigItem, 'id'>, history: NewHistoryEntry, expectedMd5?: string): Promise<number>;
  /** One config as stored now (another node may have changed it). */
  get(key: ConfigKey): Promise<ConfigItem | undefined>;
  /** Removes the config and appends the history entry (trimmed as in `save`), atomically. */
  remove(key: ConfigKey, history: NewHistoryEntry): Promise<void>;
  /** History of one config, newest first. */
  listHistory(key: ConfigKey, offset: number, limit: number): Promise<HistoryPage>;
  getHistory(id: number): Promise<ConfigHistoryEntry | undefined>;
}
