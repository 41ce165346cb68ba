import type { Namespace, NamespaceStore } from '../../core/namespace/namespace-store.js';
import { writeAnnounced, type PgDatabase, type Row } from './pg-database.js';
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

  async save(ns: Namespace): Promise<void> {
    await writeAnnounced(this.db, UPSERT, paramsOf(ns), { kind: 'namespaces' });
  }

  async remove(namespaceId: string): Promise<void> {
    await writeAnnounced(this.db, 'DELETE FROM namespace WHERE namespace_id = $1', [namespaceId], {
      kind: 'namespaces',
    });
  }
}
