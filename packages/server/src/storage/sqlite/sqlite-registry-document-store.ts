import type {
  RegistryDocument,
  RegistryDocumentStore,
  RegistrySaveOutcome,
} from '../../core/ai/registry-document-store.js';
import { parseRegistryDocument, registryDocument, type RegistryTable } from '../ai-registry-documents.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';

type Row = Record<string, unknown>;

/** Thrown inside the write to roll it back, with what to answer. */
class Refused extends Error {
  constructor(readonly outcome: RegistrySaveOutcome) {
    super(outcome);
  }
}

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

  async save(entry: T, basis: T | undefined): Promise<RegistrySaveOutcome> {
    const table = this.kind.table;
    const owner = this.db.prepare(`SELECT id FROM ${table} WHERE namespace_id = ? AND name = ?`);
    const insert = this.db.prepare(
      `INSERT INTO ${table} (id, namespace_id, name, doc) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    );
    const update = this.db.prepare(`UPDATE ${table} SET namespace_id = ?, name = ?, doc = ? WHERE id = ? AND doc = ?`);
    try {
      await groupCommitOf(this.db).run(() => {
        const taken = owner.get(entry.namespaceId, entry.name) as Row | undefined;
        if (taken && String(taken.id) !== entry.id) throw new Refused('name-taken');
        const doc = registryDocument(entry);
        const written = basis
          ? update.run(entry.namespaceId, entry.name, doc, entry.id, registryDocument(basis))
          : insert.run(entry.id, entry.namespaceId, entry.name, doc);
        if (written.changes === 0) throw new Refused('stale');
      });
      return 'saved';
    } catch (err) {
      if (err instanceof Refused) return err.outcome;
      throw err;
    }
  }

  async remove(id: string, basis?: T): Promise<boolean> {
    const table = this.kind.table;
    if (!basis) {
      const remove = this.db.prepare(`DELETE FROM ${table} WHERE id = ?`);
      return groupCommitOf(this.db).run(() => remove.run(id).changes > 0);
    }
    const remove = this.db.prepare(`DELETE FROM ${table} WHERE id = ? AND doc = ?`);
    const doc = registryDocument(basis);
    return groupCommitOf(this.db).run(() => remove.run(id, doc).changes > 0);
  }
}
