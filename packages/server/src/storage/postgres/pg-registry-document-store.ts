import type { StoreChange } from '../../core/cluster/store-change.js';
import type { RegistryDocument, RegistryDocumentStore } from '../../core/ai/registry-document-store.js';
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

  async save(entry: T): Promise<boolean> {
    try {
      await inTransaction(this.db, async (client) => {
        await client.query(
          `INSERT INTO ${this.kind.table} (id, namespace_id, name, doc) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id) DO UPDATE SET namespace_id = excluded.namespace_id, name = excluded.name,
             doc = excluded.doc`,
          [entry.id, entry.namespaceId, entry.name, registryDocument(entry)],
        );
        await notifyChange(client, this.db, this.changeOf(entry.id));
      });
      return true;
    } catch (err) {
      // 23505: unique_violation, the name belongs to another entry (the transaction rolled back)
      if ((err as { code?: string }).code === '23505') return false;
      throw err;
    }
  }

  async remove(id: string): Promise<boolean> {
    return inTransaction(this.db, async (client) => {
      const { rowCount } = await client.query(`DELETE FROM ${this.kind.table} WHERE id = $1`, [id]);
      if (rowCount) await notifyChange(client, this.db, this.changeOf(id));
      return Boolean(rowCount);
    });
  }
}
