import type { EditedInstanceMetadata, InstanceMetadataStore } from '../../core/naming/instance-metadata-store.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';

type Row = Record<string, unknown>;

/** A `naming_instance_metadata` row as the core sees it (both backends). */
export function toEditedMetadata(r: Row): EditedInstanceMetadata {
  let metadata: Record<string, string> = {};
  try {
    const parsed = JSON.parse(String(r.metadata)) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) metadata = parsed as Record<string, string>;
  } catch {
    // a damaged row restores no metadata rather than stopping the start
  }
  return {
    key: { namespaceId: String(r.namespace_id), groupName: String(r.group_name), serviceName: String(r.service_name) },
    ip: String(r.ip),
    port: Number(r.port),
    clusterName: String(r.cluster_name),
    metadata,
    editedAt: Number(r.edited_at),
  };
}

const WHERE = 'namespace_id = @ns AND group_name = @grp AND service_name = @svc AND ip = @ip AND port = @port';

/** Edited metadata of ephemeral instances in SQLite. */
export class SqliteInstanceMetadataStore implements InstanceMetadataStore {
  private readonly upsert;
  private readonly remove;

  constructor(private readonly db: SqliteDatabase) {
    this.upsert = db.prepare(`
      INSERT INTO naming_instance_metadata (namespace_id, group_name, service_name, ip, port, cluster_name, metadata,
        edited_at)
      VALUES (@ns, @grp, @svc, @ip, @port, @clusterName, @metadata, @editedAt)
      ON CONFLICT (namespace_id, group_name, service_name, ip, port) DO UPDATE SET
        cluster_name = excluded.cluster_name, metadata = excluded.metadata, edited_at = excluded.edited_at`);
    this.remove = db.prepare(`DELETE FROM naming_instance_metadata WHERE ${WHERE}`);
  }

  async loadAllEdited(): Promise<EditedInstanceMetadata[]> {
    const rows = this.db.prepare('SELECT * FROM naming_instance_metadata ORDER BY edited_at').all() as Row[];
    return rows.map(toEditedMetadata);
  }

  async saveEdited(e: EditedInstanceMetadata): Promise<void> {
    await groupCommitOf(this.db).run(() =>
      this.upsert.run(
        Object.assign(where(e.key, e.ip, e.port), {
          clusterName: e.clusterName,
          metadata: JSON.stringify(e.metadata),
          editedAt: e.editedAt,
        }),
      ),
    );
  }

  async removeEdited(key: ServiceKey, ip: string, port: number): Promise<boolean> {
    return groupCommitOf(this.db).run(() => this.remove.run(where(key, ip, port)).changes > 0);
  }
}

const where = (key: ServiceKey, ip: string, port: number) => ({
  ns: key.namespaceId,
  grp: key.groupName,
  svc: key.serviceName,
  ip,
  port,
});
