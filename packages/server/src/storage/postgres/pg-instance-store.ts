import type {
  InstanceStore,
  StoredInstance,
  StoredInstanceRef,
  StoredService,
} from '../../core/naming/instance-store.js';
import type { StoreChange } from '../../core/cluster/store-change.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import { INSTANCE_DIFFERS, toStoredInstance, toStoredService } from '../sqlite/sqlite-instance-store.js';
import { inTransaction, notifyChange, writeAnnounced, type PgDatabase, type Row } from './pg-database.js';
import type pg from 'pg';

const SERVICE = 'namespace_id = $1 AND group_name = $2 AND service_name = $3';
const INSTANCE = `${SERVICE} AND cluster_name = $4 AND ip = $5 AND port = $6`;
/** The class of the advisory locks taken per service key while a service write decides. */
const SERVICE_LOCKS = 7_480_016;

const UPSERT_SERVICE = `INSERT INTO naming_service (namespace_id, group_name, service_name, protect_threshold, metadata,
    selector, created_at, modified_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
  ON CONFLICT (namespace_id, group_name, service_name) DO UPDATE SET
    protect_threshold = excluded.protect_threshold, metadata = excluded.metadata,
    selector = excluded.selector, modified_at = excluded.modified_at`;
const serviceParams = (s: StoredService) => [
  ...serviceArgs(s.key),
  s.settings.protectThreshold,
  JSON.stringify(s.settings.metadata),
  JSON.stringify(s.settings.selector),
  s.createdAt,
  s.modifiedAt,
];
const serviceArgs = (key: ServiceKey) => [key.namespaceId, key.groupName, key.serviceName];

const UPSERT_INSTANCE = `INSERT INTO naming_instance (namespace_id, group_name, service_name, cluster_name, ip, port,
    instance_id, weight, healthy, enabled, metadata, app_name, registered_at, modified_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
  ON CONFLICT (namespace_id, group_name, service_name, cluster_name, ip, port) DO UPDATE SET
    instance_id = excluded.instance_id, weight = excluded.weight, healthy = excluded.healthy,
    enabled = excluded.enabled, metadata = excluded.metadata, app_name = excluded.app_name,
    modified_at = excluded.modified_at
  WHERE ${INSTANCE_DIFFERS}`;

function instanceParams(i: StoredInstance): unknown[] {
  return [
    ...serviceArgs(i.key),
    i.clusterName,
    i.ip,
    i.port,
    i.instanceId,
    i.weight,
    i.healthy ? 1 : 0,
    i.enabled ? 1 : 0,
    JSON.stringify(i.metadata),
    i.appName,
    i.registeredAt,
    i.modifiedAt,
  ];
}

export async function upsertInstance(client: pg.PoolClient, i: StoredInstance): Promise<void> {
  await client.query(UPSERT_INSTANCE, instanceParams(i));
}

const refOf = (i: { ip: string; port: number; clusterName: string }) => ({
  ip: i.ip,
  port: i.port,
  clusterName: i.clusterName,
});

/** Explicit services and persistent instances in PostgreSQL; each write announces its service. */
export class PgInstanceStore implements InstanceStore {
  constructor(private readonly db: PgDatabase) {}

  async loadAll(): Promise<{ services: StoredService[]; instances: StoredInstance[] }> {
    const services = await this.db.pool.query<Row>('SELECT * FROM naming_service ORDER BY created_at');
    const instances = await this.db.pool.query<Row>('SELECT * FROM naming_instance ORDER BY registered_at');
    return { services: services.rows.map(toStoredService), instances: instances.rows.map(toStoredInstance) };
  }

  async loadService(key: ServiceKey): Promise<{ service: StoredService | undefined; instances: StoredInstance[] }> {
    const service = await this.db.pool.query<Row>(`SELECT * FROM naming_service WHERE ${SERVICE}`, serviceArgs(key));
    const instances = await this.db.pool.query<Row>(
      `SELECT * FROM naming_instance WHERE ${SERVICE} ORDER BY registered_at`,
      serviceArgs(key),
    );
    return {
      service: service.rows[0] && toStoredService(service.rows[0]),
      instances: instances.rows.map(toStoredInstance),
    };
  }

  async loadInstance(key: ServiceKey, ref: StoredInstanceRef): Promise<StoredInstance | undefined> {
    const { rows } = await this.db.pool.query<Row>(`SELECT * FROM naming_instance WHERE ${INSTANCE}`, [
      ...serviceArgs(key),
      ref.clusterName,
      ref.ip,
      ref.port,
    ]);
    return rows[0] && toStoredInstance(rows[0]);
  }

  async changeService(
    key: ServiceKey,
    decide: (stored: StoredService | undefined) => StoredService,
  ): Promise<StoredService> {
    return inTransaction(this.db, async (client) => {
      // the key lock also covers a service not stored yet (a row lock needs a row)
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
        SERVICE_LOCKS,
        serviceArgs(key).join('\u0002'),
      ]);
      const { rows } = await client.query<Row>(`SELECT * FROM naming_service WHERE ${SERVICE}`, serviceArgs(key));
      const next = decide(rows[0] && toStoredService(rows[0]));
      await client.query(UPSERT_SERVICE, serviceParams(next));
      await notifyChange(client, this.db, { kind: 'service', key: next.key });
      return next;
    });
  }

  async removeService(key: ServiceKey): Promise<boolean> {
    return this.announcedDelete(`DELETE FROM naming_service WHERE ${SERVICE} RETURNING 1`, serviceArgs(key), {
      kind: 'service',
      key,
    });
  }

  async saveInstance(instance: StoredInstance): Promise<void> {
    // announced only when the row was written (something visible differs)
    await writeAnnounced(this.db, UPSERT_INSTANCE, instanceParams(instance), {
      kind: 'service',
      key: instance.key,
      instance: refOf(instance),
    });
  }

  async changeInstance(
    key: ServiceKey,
    ref: StoredInstanceRef,
    decide: (stored: StoredInstance | undefined) => StoredInstance,
  ): Promise<StoredInstance> {
    return inTransaction(this.db, async (client) => {
      const { rows } = await client.query<Row>(`SELECT * FROM naming_instance WHERE ${INSTANCE} FOR UPDATE`, [
        ...serviceArgs(key),
        ref.clusterName,
        ref.ip,
        ref.port,
      ]);
      const next = decide(rows[0] && toStoredInstance(rows[0]));
      await client.query(UPSERT_INSTANCE, instanceParams(next));
      await notifyChange(client, this.db, { kind: 'service', key: next.key, instance: refOf(next) });
      return next;
    });
  }

  async removeInstance(key: ServiceKey, ref: StoredInstanceRef): Promise<boolean> {
    return this.announcedDelete(
      `DELETE FROM naming_instance WHERE ${INSTANCE} RETURNING 1`,
      [...serviceArgs(key), ref.clusterName, ref.ip, ref.port],
      { kind: 'service', key, instance: refOf(ref) },
    );
  }

  /** A delete announced when it removed a row; true when it did. */
  private async announcedDelete(sql: string, params: unknown[], change: StoreChange): Promise<boolean> {
    return inTransaction(this.db, async (client) => {
      const { rows } = await client.query<Row>(sql, params);
      if (rows.length > 0) await notifyChange(client, this.db, change);
      return rows.length > 0;
    });
  }
}
