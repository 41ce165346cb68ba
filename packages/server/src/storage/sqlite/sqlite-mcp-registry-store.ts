import type { RegisteredMcpServer } from '../../core/ai/mcp-registry-model.js';
import type { McpRegistryStore } from '../../core/ai/mcp-registry-store.js';
import { parseRegistryDocument, registryDocument } from '../mcp-registry-documents.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';

type Row = Record<string, unknown>;

/** Thrown inside the write to roll it back when the name belongs to another server. */
const NAME_TAKEN = new Error('MCP server name taken');

export class SqliteMcpRegistryStore implements McpRegistryStore {
  constructor(private readonly db: SqliteDatabase) {}

  async loadAll(): Promise<RegisteredMcpServer[]> {
    const rows = this.db.prepare('SELECT id, doc FROM ai_mcp_server ORDER BY namespace_id, name').all() as Row[];
    return rows.map((r) => parseRegistryDocument(String(r.doc), String(r.id)));
  }

  async get(id: string): Promise<RegisteredMcpServer | undefined> {
    const row = this.db.prepare('SELECT id, doc FROM ai_mcp_server WHERE id = ?').get(id) as Row | undefined;
    return row && parseRegistryDocument(String(row.doc), String(row.id));
  }

  async save(server: RegisteredMcpServer): Promise<boolean> {
    const owner = this.db.prepare('SELECT id FROM ai_mcp_server WHERE namespace_id = ? AND name = ?');
    const upsert = this.db.prepare(
      `INSERT INTO ai_mcp_server (id, namespace_id, name, doc) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET namespace_id = excluded.namespace_id, name = excluded.name, doc = excluded.doc`,
    );
    try {
      await groupCommitOf(this.db).run(() => {
        const taken = owner.get(server.namespaceId, server.name) as Row | undefined;
        if (taken && String(taken.id) !== server.id) throw NAME_TAKEN;
        upsert.run(server.id, server.namespaceId, server.name, registryDocument(server));
      });
      return true;
    } catch (err) {
      if (err === NAME_TAKEN) return false;
      throw err;
    }
  }

  async remove(id: string): Promise<boolean> {
    const remove = this.db.prepare('DELETE FROM ai_mcp_server WHERE id = ?');
    return groupCommitOf(this.db).run(() => remove.run(id).changes > 0);
  }
}
