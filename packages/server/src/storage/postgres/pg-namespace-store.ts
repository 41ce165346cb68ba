import type { Namespace, NamespaceChange, NamespaceStore } from '../../core/namespace/namespace-store.js';
import { inTransaction, notifyChange, type PgDatabase, type Row } from './pg-database.js';
import type pg from 'pg';

const UPSERT = `INSERT INTO namespace (namespace_id, namespace_name, namespace_desc, created_at) VALUES ($1, $2, $3, $4)
  ON CONFLICT (namespace_id) DO UPDATE SET namespace_name = excluded.namespace_name,
    namespace_desc = excluded.namespace_desc`;
const paramsOf = (ns: Namespace) => [ns.namespaceId, ns.namespaceName, ns.namespaceDesc, ns.createdAt];

export async function upsertNamespace(client: pg.PoolClient, ns: Namespace): Promise<void> {
  await client.query<Row>(UPSERT, paramsOf(ns));
}

export function toNamespace(r: Record<string, unknown>): Namespace {
  return {
    namespaceId: String(r.namespace_id),
    namespaceName: String(r.namespace_name),
    namespaceDesc: String(r.namespace_desc),
    createdAt: Number(r.created_at),
  };
}

export class PgNamespaceStore implements NamespaceStore {
  constructor(private readonly db: PgDatabase) {}

  async loadAll(): Promise<Namespace[]> {
    const { rows } = await this.db.pool.query<Row>('SELECT * FROM namespace ORDER BY created_at');
    return rows.map(toNamespace);
  }

  async insert(ns: Namespace): Promise<boolean> {
    return this.announced(
      `INSERT INTO namespace (namespace_id, namespace_name, namespace_desc, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (namespace_id) DO NOTHING RETURNING *`,
      paramsOf(ns),
    ).then((row) => row !== undefined);
  }

  async update(namespaceId: string, change: NamespaceChange): Promise<Namespace | undefined> {
    const row = await this.announced(
      `UPDATE namespace SET namespace_name = $2, namespace_desc = COALESCE($3, namespace_desc)
       WHERE namespace_id = $1 RETURNING *`,
      [namespaceId, change.namespaceName, change.namespaceDesc ?? null],
    );
    return row && toNamespace(row);
  }

  async remove(namespaceId: string): Promise<boolean> {
    const row = await this.announced('DELETE FROM namespace WHERE namespace_id = $1 RETURNING *', [namespaceId]);
    return row !== undefined;
  }

  /** One statement deciding by what is stored; announced to the other nodes only when it wrote a row. */
  private async announced(sql: string, params: unknown[]): Promise<Row | undefined> {
    return inTransaction(this.db, async (client) => {
      const { rows } = await client.query<Row>(sql, params);
      if (rows.length > 0) await notifyChange(client, this.db, { kind: 'namespaces' });
      return rows[0];
    });
  }
}
