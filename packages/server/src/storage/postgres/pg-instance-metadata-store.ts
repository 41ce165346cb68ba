import type { EditedInstanceMetadata, InstanceMetadataStore } from '../../core/naming/instance-metadata-store.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import { toEditedMetadata } from '../sqlite/sqlite-instance-metadata-store.js';
import type { PgDatabase, Row } from './pg-database.js';

const WHERE = 'namespace_id = $1 AND group_name = $2 AND service_name = $3 AND ip = $4 AND port = $5';

/** Edited metadata of ephemeral instances in PostgreSQL, shared by the nodes of a cluster. */
export class PgInstanceMetadataStore implements InstanceMetadataStore {
  constructor(private readonly db: PgDatabase) {}

  async loadAllEdited(): Promise<EditedInstanceMetadata[]> {
    const { rows } = await this.db.pool.query<Row>('SELECT * FROM naming_instance_metadata ORDER BY edited_at');
    return rows.map(toEditedMetadata);
  }

  async saveEdited(e: EditedInstanceMetadata): Promise<void> {
    await this.db.pool.query(
      `INSERT INTO naming_instance_metadata (namespace_id, group_name, service_name, ip, port, cluster_name, metadata,
         edited_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (namespace_id, group_name, service_name, ip, port) DO UPDATE SET
         cluster_name = excluded.cluster_name, metadata = excluded.metadata, edited_at = excluded.edited_at`,
      [...args(e.key, e.ip, e.port), e.clusterName, JSON.stringify(e.metadata), e.editedAt],
    );
  }

  async removeEdited(key: ServiceKey, ip: string, port: number): Promise<boolean> {
    const { rowCount } = await this.db.pool.query(
      `DELETE FROM naming_instance_metadata WHERE ${WHERE}`,
      args(key, ip, port),
    );
    return (rowCount ?? 0) > 0;
  }
}

const args = (key: ServiceKey, ip: string, port: number) => [key.namespaceId, key.groupName, key.serviceName, ip, port];
