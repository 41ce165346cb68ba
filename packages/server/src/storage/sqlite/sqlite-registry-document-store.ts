import type { RegistryDocument, RegistryDocumentStore } from '../../core/ai/registry-document-store.js';
import { parseRegistryDocument, registryDocument, type RegistryTable } from '../ai-registry-documents.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';

type Row = Record<string, unknown>;

/** Thrown inside the write to roll it back when the name belongs to another entry. */
const NAME_TAKEN = new Error('AI registry name taken');

/** One table of the AI registry (MCP servers, agents) on SQLite: documents by id, names unique per namespace. */
export class SqliteRegistryDocumentStore<T extends RegistryDocument> implements RegistryDocumentStore<T> {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly kind: RegistryTable,
  ) {}

  async loadAll(): Promise<T[]> {
    const rows = this.db.prepare(`SELECT id, doc FROM ${this.kind.table} ORDER BY namespace_id, name`).all() as Row[];
    return rows.map((r) => parseRegistryDocument<T>(String(r.doc), String(r.id), this.kind.what));
  }

  async get(id: string): Promise<T | undefined> {
    const row = this.db.prepare(`SELECT id, doc FROM ${this.kind.table} WHERE id = ?`).get(id) as Row | undefined;
    return row && parseRegistryDocument<T>(String(row.doc), String(row.id), this.kind.what);
  }

  async save(entry: T): Promise<boolean> {
    const owner = this.db.prepare(`SELECT id FROM ${this.kind.table} WHERE namespace_id = ? AND name = ?`);
    const upsert = this.db.prepare(
      `INSERT INTO ${this.kind.table} (id, namespace_id, name, doc) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET namespace_id = excluded.namespace_id, name = excluded.name, doc = excluded.doc`,
    );
    try {
      await groupCommitOf(this.db).run(() => {
        const taken = owner.get(entry.namespaceId, entry.name) as Row | undefined;
        if (taken && String(taken.id) !== entry.id) throw NAME_TAKEN;
        upsert.run(entry.id, entry.namespaceId, entry.name, registryDocument(entry));
      });
      return true;
    } catch (err) {
      if (err === NAME_TAKEN) return false;
      throw err;
    }
  }

  async remove(id: string): Promise<boolean> {
    const remove = this.db.prepare(`DELETE FROM ${this.kind.table} WHERE id = ?`);
    return groupCommitOf(this.db).run(() => remove.run(id).changes > 0);
  }
}
