import type { StoredInstance } from '../../core/naming/instance-store.js';
import type { SqliteDatabase } from './database.js';
import { instanceParams, toStoredInstance } from './sqlite-instance-store.js';

type Row = Record<string, unknown>;

/** Persistent naming instances for transfer: read all, upsert many (inside the caller's transaction). */
export class TransferInstanceRows {
  private readonly selectAll;
  private readonly upsert;

  constructor(db: SqliteDatabase) {
    this.selectAll = db.prepare(
      'SELECT * FROM naming_instance ORDER BY namespace_id, group_name, service_name, cluster_name, ip, port',
    );
    this.upsert = db.prepare(`
      INSERT INTO naming_instance (namespace_id, group_name, service_name, cluster_name, ip, port, instance_id, weight,
        healthy, enabled, metadata, app_name, registered_at, modified_at)
      VALUES (@ns, @grp, @svc, @clusterName, @ip, @port, @instanceId, @weight, @healthy, @enabled, @metadata, @appName,
        @registeredAt, @modifiedAt)
      ON CONFLICT (namespace_id, group_name, service_name, cluster_name, ip, port) DO UPDATE SET
        instance_id = excluded.instance_id, weight = excluded.weight, healthy = excluded.healthy,
        enabled = excluded.enabled, metadata = excluded.metadata, app_name = excluded.app_name,
        modified_at = excluded.modified_at`);
  }

  all(): StoredInstance[] {
    return (this.selectAll.all() as Row[]).map(toStoredInstance);
  }

  put(i: StoredInstance): void {
    this.upsert.run(instanceParams(i));
  }
}
