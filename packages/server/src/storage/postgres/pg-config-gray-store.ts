import type { ConfigKey } from '../../core/config/config-key.js';
import { grayRuleText, type ConfigGray } from '../../core/config/config-gray.js';
import type {
  ConfigGrayStore,
  GrayPromoted,
  GrayPromotion,
  NewConfigGray,
} from '../../core/config/config-gray-store.js';
import { withId, type ConfigItem } from '../../core/config/config-model.js';
import { promoteGrayInPostgres } from './pg-gray-promotion.js';
import type { NewHistoryEntry } from '../../core/config/config-store.js';
import { GRAY_COLUMNS, toGray } from '../sqlite/sqlite-config-gray-store.js';
import { appendHistory, itemArgs, KEY, keyArgs } from './pg-config-store.js';
import { insertAuditRows } from './pg-audit-store.js';
import type { NewAuditEntry } from '../../core/audit/audit-model.js';
import type pg from 'pg';
import { inTransaction, notifyChange, type PgDatabase, type Row } from './pg-database.js';

const keyOf = (k: ConfigKey): ConfigKey => ({ namespaceId: k.namespaceId, group: k.group, dataId: k.dataId });

/** Inserts or replaces a gray version (by config and gray name) in the client's transaction; answers its id. */
export async function upsertGray(client: pg.PoolClient, gray: NewConfigGray): Promise<number> {
  const { item } = gray;
  const { rows } = await client.query<Row>(
    `INSERT INTO config_gray (namespace_id, group_name, data_id, gray_name, gray_rule, content, md5, config_type,
       description, app_name, config_tags, src_user, src_ip, created_at, modified_at, encrypted_data_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (namespace_id, group_name, data_id, gray_name) DO UPDATE SET gray_rule = excluded.gray_rule,
       content = excluded.content, md5 = excluded.md5, config_type = excluded.config_type,
       description = excluded.description, app_name = excluded.app_name, config_tags = excluded.config_tags,
       src_user = excluded.src_user, src_ip = excluded.src_ip, modified_at = excluded.modified_at,
       encrypted_data_key = excluded.encrypted_data_key
     RETURNING id`,
    [...keyArgs(item), gray.grayName, grayRuleText(gray.rule), ...itemArgs(item)],
  );
  return Number(rows[0].id);
}

/** Gray versions in PostgreSQL; every write announces the config key, so other nodes re-read its versions. */
export class PgConfigGrayStore implements ConfigGrayStore {
  constructor(private readonly db: PgDatabase) {}

  async loadAllGrays(): Promise<ConfigGray[]> {
    const { rows } = await this.db.pool.query<Row>(`SELECT ${GRAY_COLUMNS} FROM config_gray ORDER BY id`);
    return rows.map(toGray);
  }

  async graysOf(key: ConfigKey): Promise<ConfigGray[]> {
    const { rows } = await this.db.pool.query<Row>(
      `SELECT ${GRAY_COLUMNS} FROM config_gray WHERE ${KEY} ORDER BY id`,
      keyArgs(key),
    );
    return rows.map(toGray);
  }

  async saveGray(gray: NewConfigGray, history: NewHistoryEntry, audit?: NewAuditEntry): Promise<ConfigGray> {
    const { item } = gray;
    return inTransaction(this.db, async (client) => {
      const id = await upsertGray(client, gray);
      await appendHistory(client, history);
      if (audit) await insertAuditRows(client, [audit]);
      await notifyChange(client, this.db, { kind: 'config', key: keyOf(item) });
      return { grayName: gray.grayName, rule: gray.rule, item: withId(item, id) };
    });
  }

  async removeGray(
    key: ConfigKey,
    grayName: string,
    history: (removed: ConfigGray) => NewHistoryEntry,
    audit?: NewAuditEntry,
  ): Promise<ConfigGray | undefined> {
    return inTransaction(this.db, async (client) => {
      const { rows } = await client.query<Row>(
        `DELETE FROM config_gray WHERE ${KEY} AND gray_name = $4 RETURNING ${GRAY_COLUMNS}`,
        [...keyArgs(key), grayName],
      );
      if (rows.length === 0) return undefined;
      const removed = toGray(rows[0]);
      await appendHistory(client, history(removed));
      if (audit) await insertAuditRows(client, [audit]);
      await notifyChange(client, this.db, { kind: 'config', key: keyOf(key) });
      return removed;
    });
  }

  promoteGray(
    key: ConfigKey,
    grayName: string,
    decide: (gray: ConfigGray, committed: ConfigItem | undefined) => GrayPromotion,
  ): Promise<GrayPromoted | undefined> {
    return promoteGrayInPostgres(this.db, keyOf(key), grayName, decide);
  }
}
