import type { User } from '../auth/user-model.js';
import type { ConfigGray } from '../config/config-gray.js';
import type { NewConfigGray } from '../config/config-gray-store.js';
import type { ConfigHistoryEntry, ConfigItem } from '../config/config-model.js';
import type { NewHistoryEntry } from '../config/config-store.js';
import type { StoredInstance } from '../naming/instance-store.js';
import type { Namespace } from '../namespace/namespace-store.js';

/** A config with the history of its current life (after its last deletion), oldest first. */
export interface StoredConfig {
  item: ConfigItem;
  history: ConfigHistoryEntry[];
}

/** Everything a transfer export carries, read from one consistent snapshot of the store. */
export interface StoreSnapshot {
  configs: StoredConfig[];
  namespaces: Namespace[];
  /** Persistent naming instances (ephemeral ones are never stored). */
  instances: StoredInstance[];
  users: User[];
  /** Gray (beta and tag) releases of configs. */
  grays: ConfigGray[];
}

/** A config to replace as a whole: the row and its complete new history, oldest first. */
export interface ConfigReplacement {
  item: Omit<ConfigItem, 'id'>;
  history: NewHistoryEntry[];
}

/** The writes of one import; the store applies all of them or none. */
export interface ImportPlan {
  configs: ConfigReplacement[];
  namespaces: Namespace[];
  /** Persistent instances, inserted or replaced by (service, cluster, ip, port). */
  instances: StoredInstance[];
  /** Console users, inserted or replaced by username. */
  users: User[];
  /** Gray releases, inserted or replaced by (config, gray name); the config's other gray releases stay. */
  grays: NewConfigGray[];
}

/**
 * Bulk access for transfer export and import. `apply` runs in a single transaction and resolves only once
 * it is durable: a failure leaves the store exactly as it was.
 */
export interface TransferStore {
  /** The newest `historyLimit` history entries per config are enough for an export. */
  snapshot(historyLimit: number): Promise<StoreSnapshot>;
  /** The user-created namespaces now stored. */
  namespaces(): Promise<Namespace[]>;
  /** The console users now stored. */
  users(): Promise<User[]>;
  apply(plan: ImportPlan): Promise<void>;
}
