import type { User } from '../../core/auth/user-model.js';
import type { Namespace } from '../../core/namespace/namespace-store.js';
import type { ImportPlan, StoreSnapshot, TransferStore } from '../../core/transfer/transfer-store.js';
import { CONFIG_COLUMNS, HISTORY_COLUMNS, toHistory, toItem } from '../sqlite/sqlite-config-store.js';
import { toStoredInstance } from '../sqlite/sqlite-instance-store.js';
import { currentLife } from '../sqlite/sqlite-transfer-store.js';
import { toUser } from '../sqlite/sqlite-user-store.js';
import { insertHistory, upsertConfig } from './pg-config-store.js';
import { inTransaction, notifyChange, type PgDatabase, type Row } from './pg-database.js';
import { upsertInstance } from './pg-instance-store.js';
import { upsertGray } from './pg-config-gray-store.js';
import { GRAY_COLUMNS, toGray } from '../sqlite/sqlite-config-gray-store.js';
import { toNamespace, upsertNamespace } from './pg-namespace-store.js';
import { upsertUser } from './pg-user-store.js';

/** Whole-store reads and all-or-nothing imports for data transfer; an import tells every node to reload. */
export class PgTransferStore implements TransferStore {
  constructor(private readonly db: PgDatabase) {}

  async users(): Promise<User[]> {
    return (await this.db.pool.query<Row>('SELECT * FROM users ORDER BY username')).rows.map(toUser);
  }

  async namespaces(): Promise<Namespace[]> {
    return (await this.db.pool.query<Row>('SELECT * FROM namespace ORDER BY created_at, namespace_id')).rows.map(
      toNamespace,
    );
  }

  async snapshot(historyLimit: number): Promise<StoreSnapshot> {
    return inTransaction(this.db, async (client) => {
      // one snapshot: every table is read as of the same instant
      await client.query<Row>('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const items = (await client.query<Row>(`SELECT ${CONFIG_COLUMNS} FROM config ORDER BY id`)).rows.map(toItem);
      const configs = [];
      for (const item of items) {
        const { rows } = await client.query<Row>(
          `SELECT ${HISTORY_COLUMNS} FROM config_history WHERE namespace_id = $1 AND group_name = $2 AND data_id = $3
           ORDER BY id DESC LIMIT $4`,
          [item.namespaceId, item.group, item.dataId, historyLimit],
        );
        configs.push({ item, history: currentLife(rows.map(toHistory)) });
      }
      const namespaces = await client.query<Row>('SELECT * FROM namespace ORDER BY created_at, namespace_id');
      const instances = await client.query<Row>(
        'SELECT * FROM naming_instance ORDER BY namespace_id, group_name, service_name, cluster_name, ip, port',
      );
      const users = await client.query<Row>('SELECT * FROM users ORDER BY username');
      const grays = await client.query<Row>(`SELECT ${GRAY_COLUMNS} FROM config_gray ORDER BY id`);
      return {
        configs,
        namespaces: namespaces.rows.map(toNamespace),
        instances: instances.rows.map(toStoredInstance),
        users: users.rows.map(toUser),
        grays: grays.rows.map(toGray),
      };
    });
  }

  async apply(plan: ImportPlan): Promise<void> {
    await inTransaction(this.db, async (client) => {
      for (const ns of plan.namespaces) await upsertNamespace(client, ns);
      for (const { item, history } of plan.configs) {
        await upsertConfig(client, item);
        // an imported config keeps its own creation time and replaces its history as a whole
        await client.query<Row>(
          'UPDATE config SET created_at = $4 WHERE namespace_id = $1 AND group_name = $2 AND data_id = $3',
          [item.namespaceId, item.group, item.dataId, item.createdAt],
        );
        await client.query<Row>(
          'DELETE FROM config_history WHERE namespace_id = $1 AND group_name = $2 AND data_id = $3',
          [item.namespaceId, item.group, item.dataId],
        );
        for (const h of history) await insertHistory(client, h);
      }
      for (const gray of plan.grays) await upsertGray(client, gray);
      for (const instance of plan.instances) await upsertInstance(client, instance);
      for (const user of plan.users) await upsertUser(client, user);
      await notifyChange(client, this.db, { kind: 'all' });
    });
  }
}
