import type { ConfigKey } from '../../core/config/config-key.js';
import type { ConfigHistoryEntry, ConfigItem, HistoryOp } from '../../core/config/config-model.js';
import { HISTORY_KEPT_PER_CONFIG, normalizeConfigType } from '../../core/config/config-model.js';
import {
  CasMismatchError,
  type ConfigStore,
  type HistoryPage,
  type NewHistoryEntry,
} from '../../core/config/config-store.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';

type Row = Record<string, unknown>;

export const CONFIG_COLUMNS = `id, namespace_id, group_name, data_id, content, md5, config_type, description, app_name,
  config_tags, src_user, src_ip, created_at, modified_at`;
export const HISTORY_COLUMNS = `id, namespace_id, group_name, data_id, content, md5, config_type, description, app_name,
  config_tags, op_type, src_ip, src_user, created_at`;

export function toItem(r: Row): ConfigItem {
  return {
    id: Number(r.id),
    namespaceId: String(r.namespace_id),
    group: String(r.group_name),
    dataId: String(r.data_id),
    content: String(r.content),
    md5: String(r.md5),
    type: normalizeConfigType(String(r.config_type)),
    desc: String(r.description),
    appName: String(r.app_name),
    configTags: String(r.config_tags),
    srcUser: String(r.src_user),
    srcIp: String(r.src_ip),
    createdAt: Number(r.created_at),
    modifiedAt: Number(r.modified_at),
  };
}

export function toHistory(r: Row): ConfigHistoryEntry {
  return {
    id: Number(r.id),
    namespaceId: String(r.namespace_id),
    group: String(r.group_name),
    dataId: String(r.data_id),
    content: String(r.content),
    md5: String(r.md5),
    type: normalizeConfigType(String(r.config_type)),
    desc: String(r.description),
    appName: String(r.app_name),
    configTags: String(r.config_tags),
    op: String(r.op_type) as HistoryOp,
    srcIp: String(r.src_ip),
    srcUser: String(r.src_user),
    createdAt: Number(r.created_at),
  };
}

export class SqliteConfigStore implements ConfigStore {
  private readonly upsert;
  private readonly insertHistory;
  private readonly deleteConfig;
  private readonly trimHistory;
  private readonly saveTx;
  private readonly removeTx;

  constructor(private readonly db: SqliteDatabase) {
    this.upsert = db.prepare(`
      INSERT INTO config (namespace_id, group_name, data_id, content, md5, config_type, description, app_name,
        config_tags, src_user, src_ip, created_at, modified_at)
      VALUES (@namespaceId, @group, @dataId, @content, @md5, @type, @desc, @appName, @configTags, @srcUser, @srcIp,
        @createdAt, @modifiedAt)
      ON CONFLICT (namespace_id, group_name, data_id) DO UPDATE SET content = excluded.content, md5 = excluded.md5,
        config_type = excluded.config_type, description = excluded.description, app_name = excluded.app_name,
        config_tags = excluded.config_tags, src_user = excluded.src_user, src_ip = excluded.src_ip,
        modified_at = excluded.modified_at
      RETURNING id`);
    this.insertHistory = db.prepare(`
      INSERT INTO config_history (namespace_id, group_name, data_id, content, md5, config_type, description,
        app_name, config_tags, op_type, src_ip, src_user, created_at)
      VALUES (@namespaceId, @group, @dataId, @content, @md5, @type, @desc, @appName, @configTags, @op, @srcIp,
        @srcUser, @createdAt)`);
    this.deleteConfig = db.prepare(
      'DELETE FROM config WHERE namespace_id = @namespaceId AND group_name = @group AND data_id = @dataId',
    );
    // Everything at or below the id of the first entry past the kept ones (none when there are fewer).
    this.trimHistory = db.prepare(`
      DELETE FROM config_history WHERE namespace_id = @namespaceId AND group_name = @group AND data_id = @dataId
        AND id <= (SELECT id FROM config_history
          WHERE namespace_id = @namespaceId AND group_name = @group AND data_id = @dataId
          ORDER BY id DESC LIMIT 1 OFFSET ${HISTORY_KEPT_PER_CONFIG})`);
    const appendHistory = (history: NewHistoryEntry) => {
      this.insertHistory.run(history);
      this.trimHistory.run({ namespaceId: history.namespaceId, group: history.group, dataId: history.dataId });
    };
    const storedMd5 = db.prepare(
      'SELECT md5 FROM config WHERE namespace_id = @namespaceId AND group_name = @group AND data_id = @dataId',
    );
    this.saveTx = db.transaction((item: Omit<ConfigItem, 'id'>, history: NewHistoryEntry, expectedMd5?: string) => {
      if (expectedMd5 !== undefined) {
        const stored = storedMd5.get(item) as { md5: string } | undefined;
        if (stored && stored.md5 !== expectedMd5) throw new CasMismatchError();
      }
      const row = this.upsert.get(item) as { id: number };
      appendHistory(history);
      return row.id;
    });
    this.removeTx = db.transaction((key: ConfigKey, history: NewHistoryEntry) => {
      this.deleteConfig.run(key);
      appendHistory(history);
    });
  }

  async loadAll(): Promise<ConfigItem[]> {
    return (this.db.prepare(`SELECT ${CONFIG_COLUMNS} FROM config ORDER BY id`).all() as Row[]).map(toItem);
  }

  async save(item: Omit<ConfigItem, 'id'>, history: NewHistoryEntry, expectedMd5?: string): Promise<number> {
    return groupCommitOf(this.db).run(() => this.saveTx(item, history, expectedMd5));
  }

  async get(key: ConfigKey): Promise<ConfigItem | undefined> {
    const row = this.db
      .prepare(`SELECT ${CONFIG_COLUMNS} FROM config WHERE namespace_id = ? AND group_name = ? AND data_id = ?`)
      .get(key.namespaceId, key.group, key.dataId) as Row | undefined;
    return row && toItem(row);
  }

  async remove(key: ConfigKey, history: NewHistoryEntry): Promise<void> {
    const plainKey = { namespaceId: key.namespaceId, group: key.group, dataId: key.dataId };
    await groupCommitOf(this.db).run(() => this.removeTx(plainKey, history));
  }

  async listHistory(key: ConfigKey, offset: number, limit: number): Promise<HistoryPage> {
    const where = 'namespace_id = ? AND group_name = ? AND data_id = ?';
    const args = [key.namespaceId, key.group, key.dataId];
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM config_history WHERE ${where}`).get(...args) as Row).n;
    const rows = this.db
      .prepare(`SELECT ${HISTORY_COLUMNS} FROM config_history WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`)
      .all(...args, limit, offset) as Row[];
    return { total: Number(total), items: rows.map(toHistory) };
  }

  async getHistory(id: number): Promise<ConfigHistoryEntry | undefined> {
    const row = this.db.prepare(`SELECT ${HISTORY_COLUMNS} FROM config_history WHERE id = ?`).get(id) as
      Row | undefined;
    return row && toHistory(row);
  }
}
