import type { StoreChange } from '../../core/cluster/store-change.js';
import type {
  RegistryDocument,
  RegistryDocumentStore,
  RegistrySaveOutcome,
} from '../../core/ai/registry-document-store.js';
import { parseRegistryDocument, registryDocument, type RegistryTable } from '../ai-registry-documents.js';
import { inTransaction, notifyChange, type PgDatabase, type Row } from './pg-database.js';

/**
 * One table of the AI registry (MCP servers, agents) on PostgreSQL, one transaction per write; each write
 * announces `changeOf(id)` so the other nodes re-read that entry.
 */
export class PgRegistryDocumentStore<T extends RegistryDocument> implements RegistryDocumentStore<T> {
  constructor(
    private readonly db: PgDatabase,
    private readonly kind: RegistryTable,
    private readonly changeOf: (id: string) => StoreChange,
  ) {}

  async loadAll(): Promise<T[]> {
    const { rows } = await this.db.pool.query<Row>(
      `SELECT id, doc FROM ${this.kind.table} ORDER BY namespace_id, name`,
    );
    return rows.map((r) => parseRegistryDocument<T>(String(r.doc), String(r.id), this.kind.what));
  }

  async get(id: string): Promise<T | undefined> {
    const { rows } = await this.db.pool.query<Row>(`SELECT id, doc FROM ${this.kind.table} WHERE id = $1`, [id]);
    return rows[0] && parseRegistryDocument<T>(String(rows[0].doc), String(rows[0].id), this.kind.what);
  }

  async save(entry: T, basis: T | undefined): Promise<RegistrySaveOutcome> {
    const table = this.kind.table;
    const doc = registryDocument(entry);
    try {
      return await inTransaction(this.db, async (client) => {
        const { rowCount } = basis
          ? await client.query(
              `UPDATE ${table} SET namespace_id = $2, name = $3, doc = $4 WHERE id = $1 AND doc = $5`,
              [entry.id, entry.namespaceId, entry.name, doc, registryDocument(basis)],
            )
          : await client.query(
              `INSERT INTO ${table} (id, namespace_id, name, doc) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
              [entry.id, entry.namespaceId, entry.name, doc],
            );
        if (!rowCount) return 'stale';
        await notifyChange(client, this.db, this.changeOf(entry.id));
        return 'saved';
      });
    } catch (err) {
      // 23505: unique_violation, the name belongs to another entry (the transaction rolled back)
      if ((err as { code?: string }).code === '23505') return 'name-taken';
      throw err;
    }
  }

  async remove(id: string, basis?: T): Promise<boolean> {
    return inTransaction(this.db, async (client) => {
      const { rowCount } = basis
        ? await client.query(`DELETE FROM ${this.kind.table} WHERE id = $1 AND doc = $2`, [id, registryDocument(basis)])
        : await client.query(`DELETE FROM ${this.kind.table} WHERE id = $1`, [id]);
      if (rowCount) await notifyChange(client, this.db, this.changeOf(id));
      return Boolean(rowCount);
    });
  }
}
