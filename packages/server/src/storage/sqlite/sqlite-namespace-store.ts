import type { Namespace, NamespaceChange, NamespaceStore } from '../../core/namespace/namespace-store.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';

type Row = Record<string, unknown>;

const toNamespace = (r: Row): Namespace => ({
  namespaceId: String(r.namespace_id),
  namespaceName: String(r.namespace_name),
  namespaceDesc: String(r.namespace_desc),
  createdAt: Number(r.created_at),
});

export class SqliteNamespaceStore implements NamespaceStore {
  constructor(private readonly db: SqliteDatabase) {}

  async loadAll(): Promise<Namespace[]> {
    const rows = this.db
      .prepare('SELECT namespace_id, namespace_name, namespace_desc, created_at FROM namespace ORDER BY created_at')
      .all() as Row[];
    return rows.map(toNamespace);
  }

  async insert(ns: Namespace): Promise<boolean> {
    const insert = this.db.prepare(
      `INSERT INTO namespace (namespace_id, namespace_name, namespace_desc, created_at)
       VALUES (@namespaceId, @namespaceName, @namespaceDesc, @createdAt) ON CONFLICT (namespace_id) DO NOTHING`,
    );
    return groupCommitOf(this.db).run(() => insert.run(ns).changes > 0);
  }

  async update(namespaceId: string, change: NamespaceChange): Promise<Namespace | undefined> {
    const update = this.db.prepare(
      `UPDATE namespace SET namespace_name = ?, namespace_desc = COALESCE(?, namespace_desc)
       WHERE namespace_id = ? RETURNING namespace_id, namespace_name, namespace_desc, created_at`,
    );
    const row = (await groupCommitOf(this.db).run(() =>
      update.get(change.namespaceName, change.namespaceDesc ?? null, namespaceId),
    )) as Row | undefined;
    return row && toNamespace(row);
  }

  async remove(namespaceId: string): Promise<boolean> {
    const remove = this.db.prepare('DELETE FROM namespace WHERE namespace_id = ?');
    return groupCommitOf(this.db).run(() => remove.run(namespaceId).changes > 0);
  }
}
