import type { InstanceStore, StoredInstance, StoredService } from '../../core/naming/instance-store.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import { toStoredInstance, toStoredService } from '../sqlite/sqlite-instance-store.js';
import { writeAnnounced, type PgDatabase, type Row } from './pg-database.js';
import type pg from 'pg';

const SERVICE = 'namespace_id = $1 AND group_name = $2 AND service_name = $3';
const serviceArgs = (key: ServiceKey) => [key.namespaceId, key.groupName, key.serviceName];

const UPSERT_INSTANCE = `INSERT INTO naming_instance (namespace_id, group_name, service_name, cluster_name, ip, port,
    instance_id, weight, healthy, enabled, metadata, app_name, registered_at, modified_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
  ON CONFLICT (namespace_id, group_name, service_name, cluster_name, ip, port) DO UPDATE SET
    instance_id = excluded.instance_id, weight = excluded.weight, healthy = excluded.healthy,
    enabled = excluded.enabled, metadata = excluded.metadata, app_name = excluded.app_name,
    modified_at = excluded.modified_at`;

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

  async loadInstance(
    key: ServiceKey,
    ref: { ip: string; port: number; clusterName: string },
  ): Promise<StoredInstance | undefined> {
    const { rows } = await this.db.pool.query<Row>(
      `SELECT * FROM naming_instance WHERE ${SERVICE} AND cluster_name = $4 AND ip = $5 AND port = $6`,
      [...serviceArgs(key), ref.clusterName, ref.ip, ref.port],
    );
    return rows[0] && toStoredInstance(rows[0]);
  }

  async saveService(s: StoredService): Promise<void> {
    await writeAnnounced(
      this.db,
      `INSERT INTO naming_service (namespace_id, group_name, service_name, protect_threshold, metadata, selector,
         created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (namespace_id, group_name, service_name) DO UPDATE SET
         protect_threshold = excluded.protect_threshold, metadata = excluded.metadata,
         selector = excluded.selector, modified_at = excluded.modified_at`,
      [
        ...serviceArgs(s.key),
        s.settings.protectThreshold,
        JSON.stringify(s.settings.metadata),
        JSON.stringify(s.settings.selector),
        s.createdAt,
        s.modifiedAt,
      ],
      { kind: 'service', key: s.key },
    );
  }

  async removeService(key: ServiceKey): Promise<void> {
    await writeAnnounced(this.db, `DELETE FROM naming_service WHERE ${SERVICE}`, serviceArgs(key), {
      kind: 'service',
      key,
    });
  }

  async saveInstance(instance: StoredInstance): Promise<void> {
    await writeAnnounced(this.db, UPSERT_INSTANCE, instanceParams(instance), {
      kind: 'service',
      key: instance.key,
      instance: refOf(instance),
    });
  }

  async removeInstance(key: ServiceKey, ref: { ip: string; port: number; clusterName: string }): Promise<void> {
    await writeAnnounced(
      this.db,
      `DELETE FROM naming_instance WHERE ${SERVICE} AND cluster_name = $4 AND ip = $5 AND port = $6`,
      [...serviceArgs(key), ref.clusterName, ref.ip, ref.port],
      { kind: 'service', key, instance: refOf(ref) },
    );
  }
}
