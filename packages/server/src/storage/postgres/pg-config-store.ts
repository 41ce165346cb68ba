import type { ConfigKey } from '../../core/config/config-key.js';
import type { ConfigHistoryEntry, ConfigItem } from '../../core/config/config-model.js';
import { HISTORY_KEPT_PER_CONFIG, withId } from '../../core/config/config-model.js';
import type {
  ConfigStore,
  ConfigWrite,
  ConfigWriteResult,
  HistoryPage,
  NewHistoryEntry,
  StoredConfig,
} from '../../core/config/config-store.js';
import {
  CONFIG_COLUMNS,
  HISTORY_COLUMNS,
  historyArgs,
  itemArgs,
  keyArgs,
  toHistory,
  toItem,
  toStored,
} from '../sqlite/sqlite-config-store.js';
import type { NewAuditEntry } from '../../core/audit/audit-model.js';
import { insertAuditRows } from './pg-audit-store.js';
import { inTransaction, notifyChange, type PgDatabase, type Row } from './pg-database.js';
import type pg from 'pg';

export const KEY = 'namespace_id = $1 AND group_name = $2 AND data_id = $3';
export { itemArgs, keyArgs };
const keyText = (key: ConfigKey) => `${key.namespaceId}\u0002${key.group}\u0002${key.dataId}`;
/** The class of the advisory locks taken per config key (the second number is the key's hash). */
const CONFIG_KEY_LOCKS = 7_480_014;

/** Holds the config key against every other node's write of it until the transaction ends. */
export async function lockConfigKey(client: pg.PoolClient, key: ConfigKey): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CONFIG_KEY_LOCKS, keyText(key)]);
}

/** Inserts one history entry as it is. */
export async function insertHistory(client: pg.PoolClient, h: NewHistoryEntry): Promise<void> {
  await client.query<Row>(
    `INSERT INTO config_history (namespace_id, group_name, data_id, content, md5, config_type, description, app_name,
       config_tags, op_type, src_ip, src_user, created_at, encrypted_data_key, publish_type, gray_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    historyArgs(h),
  );
}

/** Appends a history entry and drops the config's entries past the newest HISTORY_KEPT_PER_CONFIG. */
export async function appendHistory(client: pg.PoolClient, h: NewHistoryEntry): Promise<void> {
  await insertHistory(client, h);
  await client.query<Row>(
    `DELETE FROM config_history WHERE ${KEY} AND id <= (SELECT id FROM config_history WHERE ${KEY}
       ORDER BY id DESC LIMIT 1 OFFSET ${HISTORY_KEPT_PER_CONFIG})`,
    keyArgs(h),
  );
}

/** Writes a config row (insert or replace by key) under a new revision; answers its id and revision. */
export async function upsertConfig(
  client: pg.PoolClient,
  item: Omit<ConfigItem, 'id'>,
): Promise<{ id: number; revision: number }> {
  const { rows } = await client.query<Row>(
    `INSERT INTO config (namespace_id, group_name, data_id, content, md5, config_type, description, app_name,
       config_tags, src_user, src_ip, created_at, modified_at, encrypted_data_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (namespace_id, group_name, data_id) DO UPDATE SET content = excluded.content, md5 = excluded.md5,
       encrypted_data_key = excluded.encrypted_data_key, config_type = excluded.config_type,
       description = excluded.description, app_name = excluded.app_name,
       config_tags = excluded.config_tags, src_user = excluded.src_user, src_ip = excluded.src_ip,
       modified_at = excluded.modified_at, revision = nextval('config_revision')
     RETURNING id, revision`,
    [...keyArgs(item), ...itemArgs(item)],
  );
  return { id: Number(rows[0].id), revision: Number(rows[0].revision) };
}

/** Configs and their history in PostgreSQL; every write announces the key to the other nodes. */
export class PgConfigStore implements ConfigStore {
  constructor(private readonly db: PgDatabase) {}

  async loadAll(): Promise<StoredConfig[]> {
    const { rows } = await this.db.pool.query<Row>(`SELECT ${CONFIG_COLUMNS}, revision FROM config ORDER BY id`);
    return rows.map(toStored);
  }

  async save(key: ConfigKey, decide: (committed: ConfigItem | undefined) => ConfigWrite): Promise<ConfigWriteResult> {
    return inTransaction(this.db, async (client) => {
      // the key lock makes the decision and the write one step against any other node's write, also while
      // the key is not stored yet (a row lock needs a row); removes lock the row itself
      await lockConfigKey(client, key);
      const { rows } = await client.query<Row>(
        `SELECT ${CONFIG_COLUMNS}, revision FROM config WHERE ${KEY} FOR UPDATE`,
        keyArgs(key),
      );
      const committed = rows[0] && toStored(rows[0]);
      const write = decide(committed?.item);
      if (!write) {
        if (!committed) throw new Error('nothing to write and nothing stored');
        return { stored: committed, written: false };
      }
      const { id, revision } = await upsertConfig(client, write.item);
      await appendHistory(client, write.history);
      if (write.audit) await insertAuditRows(client, [write.audit]);
      await notifyChange(client, this.db, { kind: 'config', key: keyOf(key) });
      return { stored: { item: withId(write.item, id), revision }, written: true };
    });
  }

  async get(key: ConfigKey): Promise<StoredConfig | undefined> {
    const { rows } = await this.db.pool.query<Row>(
      `SELECT ${CONFIG_COLUMNS}, revision FROM config WHERE ${KEY}`,
      keyArgs(key),
    );
    return rows[0] && toStored(rows[0]);
  }

  async remove(
    key: ConfigKey,
    history: (removed: ConfigItem) => NewHistoryEntry,
    audit?: NewAuditEntry,
  ): Promise<ConfigItem | undefined> {
    return inTransaction(this.db, async (client) => {
      const { rows } = await client.query<Row>(
        `DELETE FROM config WHERE ${KEY} RETURNING ${CONFIG_COLUMNS}`,
        keyArgs(key),
      );
      if (rows.length === 0) return undefined;
      const removed = toItem(rows[0]);
      await appendHistory(client, history(removed));
      if (audit) await insertAuditRows(client, [audit]);
      await notifyChange(client, this.db, { kind: 'config', key: keyOf(key) });
      return removed;
    });
  }

  async listHistory(key: ConfigKey, offset: number, limit: number): Promise<HistoryPage> {
    const total = await this.db.pool.query<Row>(`SELECT COUNT(*) AS n FROM config_history WHERE ${KEY}`, keyArgs(key));
    const { rows } = await this.db.pool.query<Row>(
      `SELECT ${HISTORY_COLUMNS} FROM config_history WHERE ${KEY} ORDER BY id DESC LIMIT $4 OFFSET $5`,
      [...keyArgs(key), limit, offset],
    );
    return { total: Number(total.rows[0].n), items: rows.map(toHistory) };
  }

  async getHistory(id: number): Promise<ConfigHistoryEntry | undefined> {
    const { rows } = await this.db.pool.query<Row>(`SELECT ${HISTORY_COLUMNS} FROM config_history WHERE id = $1`, [id]);
    return rows[0] && toHistory(rows[0]);
  }
}

const keyOf = (k: ConfigKey): ConfigKey => ({ namespaceId: k.namespaceId, group: k.group, dataId: k.dataId });
