import type { ConfigKey } from '../../core/config/config-key.js';
import type { ConfigHistoryEntry, ConfigItem, HistoryOp } from '../../core/config/config-model.js';
import { HISTORY_KEPT_PER_CONFIG, normalizeConfigType, withId } from '../../core/config/config-model.js';
import type {
  ConfigStore,
  ConfigWrite,
  ConfigWriteResult,
  HistoryPage,
  NewHistoryEntry,
  StoredConfig,
} from '../../core/config/config-store.js';
import type { NewAuditEntry } from '../../core/audit/audit-model.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';
import { auditInserter } from './sqlite-audit-store.js';

type Row = Record<string, unknown>;

export const CONFIG_COLUMNS = `id, namespace_id, group_name, data_id, content, md5, config_type, description, app_name,
  config_tags, src_user, src_ip, created_at, modified_at, encrypted_data_key`;
export const HISTORY_COLUMNS = `id, namespace_id, group_name, data_id, content, md5, config_type, description, app_name,
  config_tags, op_type, src_ip, src_user, created_at, encrypted_data_key, publish_type, gray_name`;

/** The stored form of an `encryptedDataKey`: NULL for a plain config (""). */
export const storedDataKey = (key: string): string | null => (key === '' ? null : key);

/** The parameters of a config key, in column order (both stores bind rows by position). */
export const keyArgs = (key: ConfigKey): unknown[] => [key.namespaceId, key.group, key.dataId];
/** The parameters of a config row after its key (and, for a gray release, its name and rule), in column order. */
export const itemArgs = (item: Omit<ConfigItem, 'id'>) => [
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
  storedDataKey(item.encryptedDataKey),
];
/** The parameters of a history row, in `HISTORY_COLUMNS` order without the id. */
export const historyArgs = (h: NewHistoryEntry) => [
  ...keyArgs(h),
  h.content,
  h.md5,
  h.type,
  h.desc,
  h.appName,
  h.configTags,
  h.op,
  h.srcIp,
  h.srcUser,
  h.createdAt,
  storedDataKey(h.encryptedDataKey),
  h.publishType ?? 'formal',
  h.grayName ?? '',
];
const dataKeyOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export function toItem(r: Row): ConfigItem {
  return {
    id: Number(r.id),
    namespaceId: String(r.namespace_id),
    group: String(r.group_name),
    dataId: String(r.data_id),
    content: String(r.content),
    md5: String(r.md5),
    encryptedDataKey: dataKeyOf(r.encrypted_data_key),
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

/** A row read with `CONFIG_COLUMNS, revision`. */
export function toStored(r: Row): StoredConfig {
  return { item: toItem(r), revision: Number(r.revision) };
}

/** The next config revision: one write at a time holds the database, so one past the highest is unique. */
export const NEXT_REVISION = '(SELECT COALESCE(MAX(revision), 0) + 1 FROM config)';

export function toHistory(r: Row): ConfigHistoryEntry {
  const entry = historyOfRow(r);
  // only a gray entry says so: a stable config's entries read as they always did
  if (r.publish_type === 'gray') Object.assign(entry, { publishType: 'gray', grayName: String(r.gray_name) });
  return entry;
}

function historyOfRow(r: Row): ConfigHistoryEntry {
  return {
    id: Number(r.id),
    namespaceId: String(r.namespace_id),
    group: String(r.group_name),
    dataId: String(r.data_id),
    content: String(r.content),
    md5: String(r.md5),
    encryptedDataKey: dataKeyOf(r.encrypted_data_key),
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
  private readonly upsert: (item: Omit<ConfigItem, 'id'>) => { id: number; revision: number };
  private readonly deleteConfig;
  private readonly selectStored;
  private readonly saveTx;
  private readonly removeTx;

  constructor(private readonly db: SqliteDatabase) {
    this.upsert = configUpserter(db);
    this.deleteConfig = db.prepare(
      `DELETE FROM config WHERE namespace_id = @namespaceId AND group_name = @group AND data_id = @dataId
       RETURNING ${CONFIG_COLUMNS}`,
    );
    this.selectStored = db.prepare(
      `SELECT ${CONFIG_COLUMNS}, revision FROM config
       WHERE namespace_id = @namespaceId AND group_name = @group AND data_id = @dataId`,
    );
    const appendHistory = historyAppender(db);
    const insertAudit = auditInserter(db);
    // the decision and the write are one write of the group commit (its own savepoint of one transaction):
    // the database is held by one writer at a time
    this.saveTx = (key: ConfigKey, decide: (c: ConfigItem | undefined) => ConfigWrite): ConfigWriteResult => {
      const row = this.selectStored.get(key) as Row | undefined;
      const committed = row && toStored(row);
      const write = decide(committed?.item);
      if (!write) {
        if (!committed) throw new Error('nothing to write and nothing stored');
        return { stored: committed, written: false };
      }
      const { id, revision } = this.upsert(write.item);
      appendHistory(write.history);
      if (write.audit) insertAudit(write.audit);
      return { stored: { item: withId(write.item, id), revision }, written: true };
    };
    this.removeTx = (
      key: ConfigKey,
      history: (removed: ConfigItem) => NewHistoryEntry,
      audit?: NewAuditEntry,
    ): ConfigItem | undefined => {
      const row = this.deleteConfig.get(key) as Row | undefined;
      if (!row) return undefined;
      const removed = toItem(row);
      appendHistory(history(removed));
      if (audit) insertAudit(audit);
      return removed;
    };
  }

  async loadAll(): Promise<StoredConfig[]> {
    return (this.db.prepare(`SELECT ${CONFIG_COLUMNS}, revision FROM config ORDER BY id`).all() as Row[]).map(toStored);
  }

  async save(key: ConfigKey, decide: (committed: ConfigItem | undefined) => ConfigWrite): Promise<ConfigWriteResult> {
    return groupCommitOf(this.db).run(() => this.saveTx(plain(key), decide));
  }

  async get(key: ConfigKey): Promise<StoredConfig | undefined> {
    const row = this.selectStored.get(plain(key)) as Row | undefined;
    return row && toStored(row);
  }

  async remove(
    key: ConfigKey,
    history: (removed: ConfigItem) => NewHistoryEntry,
    audit?: NewAuditEntry,
  ): Promise<ConfigItem | undefined> {
    return groupCommitOf(this.db).run(() => this.removeTx(plain(key), history, audit));
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

/** Inserts or replaces a config row by key under the next revision; run inside a write of the group commit. */
export function configUpserter(db: SqliteDatabase): (item: Omit<ConfigItem, 'id'>) => { id: number; revision: number } {
  // positional parameters: binding by name costs a copy of the item and a lookup per column on every publish
  const upsert = db.prepare(`
      INSERT INTO config (namespace_id, group_name, data_id, content, md5, config_type, description, app_name,
        config_tags, src_user, src_ip, created_at, modified_at, encrypted_data_key, revision)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${NEXT_REVISION})
      ON CONFLICT (namespace_id, group_name, data_id) DO UPDATE SET content = excluded.content, md5 = excluded.md5,
        encrypted_data_key = excluded.encrypted_data_key, config_type = excluded.config_type,
        description = excluded.description, app_name = excluded.app_name,
        config_tags = excluded.config_tags, src_user = excluded.src_user, src_ip = excluded.src_ip,
        modified_at = excluded.modified_at, revision = excluded.revision
      RETURNING id, revision`);
  return (item) => upsert.get(keyArgs(item).concat(itemArgs(item))) as { id: number; revision: number };
}

/**
 * Appends a history entry and drops the config's entries past the newest `HISTORY_KEPT_PER_CONFIG`; run
 * inside the write that made the entry. A creation (of the config or of a gray version) skips the trim: the
 * removal before it trimmed, so it leaves one entry past the kept ones at most, until the next change trims.
 */
export function historyAppender(db: SqliteDatabase): (history: NewHistoryEntry) => void {
  const insert = db.prepare(`
      INSERT INTO config_history (namespace_id, group_name, data_id, content, md5, config_type, description,
        app_name, config_tags, op_type, src_ip, src_user, created_at, encrypted_data_key, publish_type, gray_name)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // Everything at or below the id of the first entry past the kept ones (none when there are fewer).
  const trim = db.prepare(`
      DELETE FROM config_history WHERE namespace_id = ? AND group_name = ? AND data_id = ?
        AND id <= (SELECT id FROM config_history WHERE namespace_id = ? AND group_name = ? AND data_id = ?
          ORDER BY id DESC LIMIT 1 OFFSET ${HISTORY_KEPT_PER_CONFIG})`);
  return (h) => {
    insert.run(historyArgs(h));
    if (h.op !== 'I') trim.run(keyArgs(h).concat(keyArgs(h)));
  };
}

/** The statement parameters of a config row: its fields, and its data key as stored. */
export function configRow(item: Omit<ConfigItem, 'id'>): Record<string, unknown> {
  return Object.assign({ dataKey: storedDataKey(item.encryptedDataKey) }, item);
}

/** The statement parameters of a history row. */
export function historyRow(entry: NewHistoryEntry): Record<string, unknown> {
  return Object.assign({}, entry, {
    dataKey: storedDataKey(entry.encryptedDataKey),
    publishType: entry.publishType ?? 'formal',
    grayName: entry.grayName ?? '',
  });
}

const plain = (key: ConfigKey): ConfigKey => ({ namespaceId: key.namespaceId, group: key.group, dataId: key.dataId });
