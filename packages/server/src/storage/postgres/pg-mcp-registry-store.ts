import type { RegisteredMcpServer } from '../../core/ai/mcp-registry-model.js';
import type { McpRegistryStore } from '../../core/ai/mcp-registry-store.js';
import { parseRegistryDocument, registryDocument } from '../mcp-registry-documents.js';
import { inTransaction, notifyChange, type PgDatabase, type Row } from './pg-database.js';

/** The AI registry's MCP servers on PostgreSQL, one transaction per write. */
export class PgMcpRegistryStore implements McpRegistryStore {
  constructor(private readonly db: PgDatabase) {}

  async loadAll(): Promise<RegisteredMcpServer[]> {
    const { rows } = await this.db.pool.query<Row>('SELECT id, doc FROM ai_mcp_server ORDER BY namespace_id, name');
    return rows.map((r) => parseRegistryDocument(String(r.doc), String(r.id)));
  }

  async get(id: string): Promise<RegisteredMcpServer | undefined> {
    const { rows } = await this.db.pool.query<Row>('SELECT id, doc FROM ai_mcp_server WHERE id = $1', [id]);
    return rows[0] && parseRegistryDocument(String(rows[0].doc), String(rows[0].id));
  }

  async save(server: RegisteredMcpServer): Promise<boolean> {
    try {
      await inTransaction(this.db, async (client) => {
        await client.query(
          `INSERT INTO ai_mcp_server (id, namespace_id, name, doc) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id) DO UPDATE SET namespace_id = excluded.namespace_id, name = excluded.name,
             doc = excluded.doc`,
          [server.id, server.namespaceId, server.name, registryDocument(server)],
        );
        // the other nodes re-read it
        await notifyChange(client, this.db, { kind: 'ai-mcp', id: server.id });
      });
      return true;
    } catch (err) {
      // 23505: unique_violation, the name belongs to another server (the transaction rolled back)
      if ((err as { code?: string }).code === '23505') return false;
      throw err;
    }
  }

  async remove(id: string): Promise<boolean> {
    return inTransaction(this.db, async (client) => {
      const { rowCount } = await client.query('DELETE FROM ai_mcp_server WHERE id = $1', [id]);
      if (rowCount) await notifyChange(client, this.db, { kind: 'ai-mcp', id });
      return Boolean(rowCount);
    });
  }
}
