import type { Namespace, NamespaceStore } from '../../core/namespace/namespace-store.js';
import type { SqliteDatabase } from './database.js';

export class SqliteNamespaceStore implements NamespaceStore {
  constructor(private readonly db: SqliteDatabase) {}

  async loadAll(): Promise<Namespace[]> {
    const rows = this.db
      .prepare('SELECT namespace_id, namespace_name, namespace_desc, created_at FROM namespace ORDER BY created_at')
      .all() as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      namespaceId: String(r.namespace_id),
      namespaceName: String(r.namespace_name),
      namespaceDesc: String(r.namespace_desc),
      createdAt: Number(r.created_at),
    }));
  }

  async save(ns: Namespace): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO namespace (namespace_id, namespace_name, namespace_desc, created_at)
         VALUES (@namespaceId, @namespaceName, @namespaceDesc, @createdAt)
         ON CONFLICT (namespace_id) DO UPDATE SET namespace_name = excluded.namespace_name,
           namespace_desc = excluded.namespace_desc`,
      )
      .run(ns);
  }

  async remove(namespaceId: string): Promise<void> {
    this.db.prepare('DELETE FROM namespace WHERE namespace_id = ?').run(namespaceId);
  }
}
