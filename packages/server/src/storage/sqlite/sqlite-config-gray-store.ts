import type { ConfigKey } from '../../core/config/config-key.js';
import { grayRuleText, parseGrayRuleText, type ConfigGray } from '../../core/config/config-gray.js';
import type {
  ConfigGrayStore,
  GrayPromoted,
  GrayPromotion,
  NewConfigGray,
} from '../../core/config/config-gray-store.js';
import { withId, type ConfigItem } from '../../core/config/config-model.js';
import type { NewHistoryEntry } from '../../core/config/config-store.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';
import {
  CONFIG_COLUMNS,
  configUpserter,
  historyAppender,
  storedDataKey,
  toItem,
  toStored,
} from './sqlite-config-store.js';
import { auditInserter } from './sqlite-audit-store.js';
import type { NewAuditEntry } from '../../core/audit/audit-model.js';

type Row = Record<string, unknown>;

export const GRAY_COLUMNS = `id, namespace_id, group_name, data_id, gray_name, gray_rule, content, md5, config_type,
  description, app_name, config_tags, src_user, src_ip, created_at, modified_at, encrypted_data_key`;

/** A row read with `GRAY_COLUMNS` (SQLite or PostgreSQL). */
export function toGray(r: Row): ConfigGray {
  return { grayName: String(r.gray_name), rule: parseGrayRuleText(String(r.gray_rule)), item: toItem(r) };
}

/** The statement parameters of a gray row. */
export function grayRow(gray: NewConfigGray): Record<string, unknown> {
  return Object.assign({}, gray.item, {
    grayName: gray.grayName,
    grayRule: grayRuleText(gray.rule),
    dataKey: storedDataKey(gray.item.encryptedDataKey),
  });
}

/** Inserts or replaces a gray version (by config and gray name); answers its row id. */
export function grayUpserter(db: SqliteDatabase): (gray: NewConfigGray) => number {
  const upsert = db.prepare(`
    INSERT INTO config_gray (namespace_id, group_name, data_id, gray_name, gray_rule, content, md5, config_type,
      description, app_name, config_tags, src_user, src_ip, created_at, modified_at, encrypted_data_key)
    VALUES (@namespaceId, @group, @dataId, @grayName, @grayRule, @content, @md5, @type, @desc, @appName,
      @configTags, @srcUser, @srcIp, @createdAt, @modifiedAt, @dataKey)
    ON CONFLICT (namespace_id, group_name, data_id, gray_name) DO UPDATE SET gray_rule = excluded.gray_rule,
      content = excluded.content, md5 = excluded.md5, config_type = excluded.config_type,
      description = excluded.description, app_name = excluded.app_name, config_tags = excluded.config_tags,
      src_user = excluded.src_user, src_ip = excluded.src_ip, modified_at = excluded.modified_at,
      encrypted_data_key = excluded.encrypted_data_key
    RETURNING id`);
  return (gray) => (upsert.get(grayRow(gray)) as { id: number }).id;
}

const KEY = 'namespace_id = @namespaceId AND group_name = @group AND data_id = @dataId';

/** Gray versions in the SQLite file, written (with their history entries) through the group commit. */
export class SqliteConfigGrayStore implements ConfigGrayStore {
  private readonly saveTx;
  private readonly removeTx;
  private readonly promoteTx;
  private readonly selectOf;

  constructor(private readonly db: SqliteDatabase) {
    const upsert = grayUpserter(db);
    const remove = db.prepare(
      `DELETE FROM config_gray WHERE ${KEY} AND gray_name = @grayName RETURNING ${GRAY_COLUMNS}`,
    );
    this.selectOf = db.prepare(`SELECT ${GRAY_COLUMNS} FROM config_gray WHERE ${KEY} ORDER BY id`);
    const appendHistory = historyAppender(db);
    const insertAudit = auditInserter(db);
    this.saveTx = (gray: NewConfigGray, history: NewHistoryEntry, audit?: NewAuditEntry): ConfigGray => {
      const id = upsert(gray);
      appendHistory(history);
      if (audit) insertAudit(audit);
      return { grayName: gray.grayName, rule: gray.rule, item: withId(gray.item, id) };
    };
    this.removeTx = (
      key: ConfigKey,
      grayName: string,
      history: (removed: ConfigGray) => NewHistoryEntry,
      audit?: NewAuditEntry,
    ) => {
      const row = remove.get(Object.assign(plain(key), { grayName })) as Row | undefined;
      if (!row) return undefined;
      const removed = toGray(row);
      appendHistory(history(removed));
      if (audit) insertAudit(audit);
      return removed;
    };
    const selectStable = db.prepare(`SELECT ${CONFIG_COLUMNS}, revision FROM config WHERE ${KEY}`);
    const selectGray = db.prepare(`SELECT ${GRAY_COLUMNS} FROM config_gray WHERE ${KEY} AND gray_name = @grayName`);
    const upsertConfig = configUpserter(db);
    // stable row, gray removal, both history entries and the audit row: one write of the group commit (its
    // own savepoint), so a failure anywhere leaves neither the new stable config nor the removal
    this.promoteTx = (
      key: ConfigKey,
      grayName: string,
      decide: (gray: ConfigGray, committed: ConfigItem | undefined) => GrayPromotion,
    ): GrayPromoted | undefined => {
      const grayRow = selectGray.get(Object.assign({ grayName }, key)) as Row | undefined;
      if (!grayRow) return undefined;
      const gray = toGray(grayRow);
      const stableRow = selectStable.get(key) as Row | undefined;
      const committed = stableRow ? toStored(stableRow) : undefined;
      const promotion = decide(gray, committed?.item);
      let stored = committed;
      if (promotion.stable) {
        const { id, revision } = upsertConfig(promotion.stable.item);
        appendHistory(promotion.stable.history);
        stored = { item: withId(promotion.stable.item, id), revision };
      }
      if (!stored) throw new Error('nothing to write and nothing stored');
      remove.get(Object.assign({ grayName }, key));
      appendHistory(promotion.grayHistory);
      if (promotion.audit) insertAudit(promotion.audit);
      return { stored, written: promotion.stable !== null, removed: gray };
    };
  }

  async loadAllGrays(): Promise<ConfigGray[]> {
    return (this.db.prepare(`SELECT ${GRAY_COLUMNS} FROM config_gray ORDER BY id`).all() as Row[]).map(toGray);
  }

  async graysOf(key: ConfigKey): Promise<ConfigGray[]> {
    return (this.selectOf.all(plain(key)) as Row[]).map(toGray);
  }

  async saveGray(gray: NewConfigGray, history: NewHistoryEntry, audit?: NewAuditEntry): Promise<ConfigGray> {
    return groupCommitOf(this.db).run(() => this.saveTx(gray, history, audit));
  }

  async removeGray(
    key: ConfigKey,
    grayName: string,
    history: (removed: ConfigGray) => NewHistoryEntry,
    audit?: NewAuditEntry,
  ): Promise<ConfigGray | undefined> {
    return groupCommitOf(this.db).run(() => this.removeTx(plain(key), grayName, history, audit));
  }

  async promoteGray(
    key: ConfigKey,
    grayName: string,
    decide: (gray: ConfigGray, committed: ConfigItem | undefined) => GrayPromotion,
  ): Promise<GrayPromoted | undefined> {
    return groupCommitOf(this.db).run(() => this.promoteTx(plain(key), grayName, decide));
  }
}

const plain = (key: ConfigKey): ConfigKey => ({ namespaceId: key.namespaceId, group: key.group, dataId: key.dataId });
