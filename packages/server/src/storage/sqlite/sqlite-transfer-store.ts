import type { User } from '../../core/auth/user-model.js';
import type { ConfigHistoryEntry } from '../../core/config/config-model.js';
import type { Namespace } from '../../core/namespace/namespace-store.js';
import type {
  ConfigReplacement,
  ImportPlan,
  StoreSnapshot,
  TransferStore,
} from '../../core/transfer/transfer-store.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';
import { GRAY_COLUMNS, grayUpserter, toGray } from './sqlite-config-gray-store.js';
import {
  CONFIG_COLUMNS,
  configRow,
  HISTORY_COLUMNS,
  historyRow,
  NEXT_REVISION,
  toHistory,
  toItem,
} from './sqlite-config-store.js';
import { SqliteNamespaceStore } from './sqlite-namespace-store.js';
import { TransferInstanceRows } from './sqlite-transfer-naming.js';
import { TransferUserRows } from './sqlite-transfer-users.js';

type Row = Record<string, unknown>;

/** Whole-store reads and all-or-nothing imports for data transfer. */
export class SqliteTransferStore implements TransferStore {
  private readonly namespaceStore: SqliteNamespaceStore;
  private readonly instances: TransferInstanceRows;
  private readonly userRows: TransferUserRows;

  constructor(private readonly db: SqliteDatabase) {
    this.namespaceStore = new SqliteNamespaceStore(db);
    this.instances = new TransferInstanceRows(db);
    this.userRows = new TransferUserRows(db);
  }

  async users(): Promise<User[]> {
    return this.userRows.all();
  }

  async namespaces(): Promise<Namespace[]> {
    return this.namespaceStore.loadAll();
  }

  async snapshot(historyLimit: number): Promise<StoreSnapshot> {
    const configs = this.db.prepare(`SELECT ${CONFIG_COLUMNS} FROM config ORDER BY id`);
    const history = this.db.prepare(
      `SELECT ${HISTORY_COLUMNS} FROM config_history WHERE namespace_id = ? AND group_name = ? AND data_id = ?
       ORDER BY id DESC LIMIT ?`,
    );
    const namespaces = this.db.prepare(
      'SELECT namespace_id, namespace_name, namespace_desc, created_at FROM namespace ORDER BY created_at, namespace_id',
    );
    const grays = this.db.prepare(`SELECT ${GRAY_COLUMNS} FROM config_gray ORDER BY id`);
    // One read transaction: every table is seen at the same instant.
    return this.db.transaction((): StoreSnapshot => ({
      configs: (configs.all() as Row[]).map(toItem).map((item) => ({
        item,
        history: currentLife(
          (history.all(item.namespaceId, item.group, item.dataId, historyLimit) as Row[]).map(toHistory),
        ),
      })),
      namespaces: (namespaces.all() as Row[]).map((r) => ({
        namespaceId: String(r.namespace_id),
        namespaceName: String(r.namespace_name),
        namespaceDesc: String(r.namespace_desc),
        createdAt: Number(r.created_at),
      })),
      instances: this.instances.all(),
      users: this.userRows.all(),
      grays: (grays.all() as Row[]).map(toGray),
    }))();
  }

  async apply(plan: ImportPlan): Promise<void> {
    const upsertConfig = this.db.prepare(`
      INSERT INTO config (namespace_id, group_name, data_id, content, md5, config_type, description, app_name,
        config_tags, src_user, src_ip, created_at, modified_at, encrypted_data_key, revision)
      VALUES (@namespaceId, @group, @dataId, @content, @md5, @type, @desc, @appName, @configTags, @srcUser, @srcIp,
        @createdAt, @modifiedAt, @dataKey, ${NEXT_REVISION})
      ON CONFLICT (namespace_id, group_name, data_id) DO UPDATE SET content = excluded.content, md5 = excluded.md5,
        encrypted_data_key = excluded.encrypted_data_key, config_type = excluded.config_type,
        description = excluded.description, app_name = excluded.app_name,
        config_tags = excluded.config_tags, src_user = excluded.src_user, src_ip = excluded.src_ip,
        created_at = excluded.created_at, modified_at = excluded.modified_at, revision = excluded.revision`);
    const clearHistory = this.db.prepare(
      'DELETE FROM config_history WHERE namespace_id = @namespaceId AND group_name = @group AND data_id = @dataId',
    );
    const insertHistory = this.db.prepare(`
      INSERT INTO config_history (namespace_id, group_name, data_id, content, md5, config_type, description,
        app_name, config_tags, op_type, src_ip, src_user, created_at, encrypted_data_key)
      VALUES (@namespaceId, @group, @dataId, @content, @md5, @type, @desc, @appName, @configTags, @op, @srcIp,
        @srcUser, @createdAt, @dataKey)`);
    const upsertNamespace = this.db.prepare(`
      INSERT INTO namespace (namespace_id, namespace_name, namespace_desc, created_at)
      VALUES (@namespaceId, @namespaceName, @namespaceDesc, @createdAt)
      ON CONFLICT (namespace_id) DO UPDATE SET namespace_name = excluded.namespace_name`);
    const upsertGray = grayUpserter(this.db);
    const replaceConfig = ({ item, history }: ConfigReplacement) => {
      upsertConfig.run(configRow(item));
      clearHistory.run({ namespaceId: item.namespaceId, group: item.group, dataId: item.dataId });
      for (const entry of history) insertHistory.run(historyRow(entry));
    };
    // one write of the group commit: the whole import is one savepoint of one transaction
    await groupCommitOf(this.db).run(() => {
      for (const ns of plan.namespaces) upsertNamespace.run(ns);
      for (const config of plan.configs) replaceConfig(config);
      for (const gray of plan.grays) upsertGray(gray);
      for (const instance of plan.instances) this.instances.put(instance);
      for (const user of plan.users) this.userRows.put(user);
    });
  }
}

/** Newest-first rows -> the entries since the config's last deletion, oldest first. */
export function currentLife(newestFirst: ConfigHistoryEntry[]): ConfigHistoryEntry[] {
  const deleted = newestFirst.findIndex((h) => h.op === 'D');
  return (deleted === -1 ? newestFirst : newestFirst.slice(0, deleted)).reverse();
}
