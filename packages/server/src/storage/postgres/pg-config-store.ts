import type { ConfigKey } from '../../core/config/config-key.js';
import type { ConfigHistoryEntry, ConfigItem } from '../../core/config/config-model.js';
import { HISTORY_KEPT_PER_CONFIG } from '../../core/config/config-model.js';
import {
  CasMismatchError,
  type ConfigStore,
  type HistoryPage,
  type NewHistoryEntry,
} from '../../core/config/config-store.js';
import { CONFIG_COLUMNS, HISTORY_COLUMNS, toHistory, toItem } from '../sqlite/sqlite-config-store.js';
import { inTransaction, notifyChange, type PgDatabase, type Row } from './pg-database.js';
import type pg from 'pg';

const KEY = 'namespace_id = $1 AND group_name = $2 AND data_id = $3';
const keyArgs = (key: ConfigKey) => [key.namespaceId, key.group, key.dataId];

/** Inserts one history entry as it is. */
export async function insertHistory(client: pg.PoolClient, h: NewHistoryEntry): Promise<void> {
  await client.query<Row>(
    `INSERT INTO config_history (namespace_id, group_name, data_id, content, md5, config_type, description, app_name,
       config_tags, op_type, src_ip, src_user, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [...keyArgs(h), h.content, h.md5, h.type, h.desc, h.appName, h.configTags, h.op, h.srcIp, h.srcUser, h.createdAt],
  );
}

/** Appends a history entry and drops the config's entries past the newest HISTORY_KEPT_PER_CONFIG. */
async function appendHistory(client: pg.PoolClient, h: NewHistoryEntry): Promise<void> {
  await insertHistory(client, h);
  await client.query<Row>(
    `DELETE FROM config_history WHERE ${KEY} AND id <= (SELECT id FROM config_history WHERE ${KEY}
       ORDER BY id DESC LIMIT 1 OFFSET ${HISTORY_KEPT_PER_CONFIG})`,
    keyArgs(h),
  );
}

/** Writes a config row (insert or replace by key); answers its id. */
export async function upsertConfig(client: pg.PoolClient, item: Omit<ConfigItem, 'id'>): Promise<number> {
  const { rows } = await client.query<Row>(
    `INSERT INTO config (namespace_id, group_name, data_id, content, md5, config_type, description, app_name,
       config_tags, src_user, src_ip, created_at, modified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (namespace_id, group_name, data_id) DO UPDATE SET content = excluded.content, md5 = excluded.md5,
       config_type = excluded.config_type, description = excluded.description, app_name = excluded.app_name,
       config_tags = excluded.config_tags, src_user = excluded.src_user, src_ip = excluded.src_ip,
       modified_at = excluded.modified_at
     RETURNING id`,
    [
      ...keyArgs(item),
      item.content,
      item.md5,
      item.type,
      item.desc,
      item.appName,
      item.configTags,
      item.srcUser,
      item.srcIp,
      item.createdAt,
      item.modifiedAt,
    ],
  );
  return Number(rows[0].id);
}

/** Configs and their history in PostgreSQL; every write announces the key to the other nodes. */
export class PgConfigStore implements ConfigStore {
  constructor(private readonly db: PgDatabase) {}

  async loadAll(): Promise<ConfigItem[]> {
    const { rows } = await this.db.pool.query<Row>(`SELECT ${CONFIG_COLUMNS} FROM config ORDER BY id`);
    return rows.map(toItem);
  }

  async save(item: Omit<ConfigItem, 'id'>, history: NewHistoryEntry, expectedMd5?: string): Promise<number> {
    return inTransaction(this.db, async (client) => {
      if (expectedMd5 !== undefined) {
        // the row lock makes the check and the write one step against any other node's write
        const { rows } = await client.query<Row>(`SELECT md5 FROM config WHERE ${KEY} FOR UPDATE`, keyArgs(item));
        if (rows.length > 0 && rows[0].md5 !== expectedMd5) throw new CasMismatchError();
      }
      const id = await upsertConfig(client, item);
      await appendHistory(client, history);
      await notifyChange(client, this.db, { kind: 'config', key: keyOf(item) });
      return id;
    });
  }

  async get(key: ConfigKey): Promise<ConfigItem | undefined> {
    const { rows } = await this.db.pool.query<Row>(`SELECT ${CONFIG_COLUMNS} FROM config WHERE ${KEY}`, keyArgs(key));
    return rows[0] && toItem(rows[0]);
  }

  async remove(key: ConfigKey, history: NewHistoryEntry): Promise<void> {
    await inTransaction(this.db, async (client) => {
      await client.query<Row>(`DELETE FROM config WHERE ${KEY}`, keyArgs(key));
      await appendHistory(client, history);
      await notifyChange(client, this.db, { kind: 'config', key: keyOf(key) });
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
