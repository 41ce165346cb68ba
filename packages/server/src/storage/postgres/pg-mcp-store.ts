import type { McpServer, ToolSpec, ToolSpecKey } from '../../core/mcp/mcp-model.js';
import type { McpSequence, McpStore } from '../../core/mcp/mcp-store.js';
import { parseServerDocument, parseSpecDocument, serverDocument, specDocument } from '../mcp-documents.js';
import { inTransaction, notifyChange, type PgDatabase, type Row } from './pg-database.js';

const specWhere = (k: ToolSpecKey) => `${k.namespace}:${k.group}:${k.toolName}`;
const specChange = (k: ToolSpecKey) =>
  ({ kind: 'mcp-spec', namespace: k.namespace, group: k.group, toolName: k.toolName }) as const;

/** The MCP store on PostgreSQL: every write announces what it changed to the other nodes. */
export class PgMcpStore implements McpStore {
  constructor(private readonly db: PgDatabase) {}

  async loadSpecs(): Promise<ToolSpec[]> {
    const { rows } = await this.db.pool.query<Row>('SELECT namespace, group_name, tool_name, doc FROM mcp_tool_spec');
    return rows.map((r) =>
      parseSpecDocument(String(r.doc), `${String(r.namespace)}:${String(r.group_name)}:${String(r.tool_name)}`),
    );
  }

  async loadServers(): Promise<McpServer[]> {
    const { rows } = await this.db.pool.query<Row>('SELECT id, doc FROM mcp_server ORDER BY id');
    return rows.map((r) => parseServerDocument(String(r.doc), String(r.id)));
  }

  async loadSpec(key: ToolSpecKey): Promise<ToolSpec | undefined> {
    const { rows } = await this.db.pool.query<Row>(
      'SELECT doc FROM mcp_tool_spec WHERE namespace = $1 AND group_name = $2 AND tool_name = $3',
      [key.namespace, key.group, key.toolName],
    );
    return rows[0] && parseSpecDocument(String(rows[0].doc), specWhere(key));
  }

  async loadServer(id: number): Promise<McpServer | undefined> {
    const { rows } = await this.db.pool.query<Row>('SELECT doc FROM mcp_server WHERE id = $1', [id]);
    return rows[0] && parseServerDocument(String(rows[0].doc), String(id));
  }

  async nextIds(sequence: McpSequence, count: number): Promise<number> {
    const { rows } = await this.db.pool.query<Row>(
      `INSERT INTO mcp_sequence (name, value) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET value = mcp_sequence.value + excluded.value RETURNING value`,
      [sequence, count],
    );
    return Number(rows[0].value) - count + 1;
  }

  async saveSpecs(specs: ToolSpec[]): Promise<void> {
    await inTransaction(this.db, async (client) => {
      for (const s of specs) {
        await client.query(
          `INSERT INTO mcp_tool_spec (namespace, group_name, tool_name, doc) VALUES ($1, $2, $3, $4)
           ON CONFLICT (namespace, group_name, tool_name) DO UPDATE SET doc = excluded.doc`,
          [s.key.namespace, s.key.group, s.key.toolName, specDocument(s)],
        );
        await notifyChange(client, this.db, specChange(s.key));
      }
    });
  }

  async removeSpec(key: ToolSpecKey): Promise<boolean> {
    return inTransaction(this.db, async (client) => {
      const { rowCount } = await client.query(
        'DELETE FROM mcp_tool_spec WHERE namespace = $1 AND group_name = $2 AND tool_name = $3',
        [key.namespace, key.group, key.toolName],
      );
      if (rowCount) await notifyChange(client, this.db, specChange(key));
      return Boolean(rowCount);
    });
  }

  async saveServers(servers: McpServer[]): Promise<boolean> {
    try {
      await inTransaction(this.db, async (client) => {
        for (const s of servers) {
          await client.query(
            `INSERT INTO mcp_server (id, unique_key, doc) VALUES ($1, $2, $3)
             ON CONFLICT (id) DO UPDATE SET unique_key = excluded.unique_key, doc = excluded.doc`,
            [s.id, s.uniqueKey, serverDocument(s)],
          );
          await notifyChange(client, this.db, { kind: 'mcp-server', id: s.id });
        }
      });
      return true;
    } catch (err) {
      // 23505: unique_violation, the key belongs to another server (the transaction rolled back)
      if ((err as { code?: string }).code === '23505') return false;
      throw err;
    }
  }

  async removeServer(id: number): Promise<boolean> {
    return inTransaction(this.db, async (client) => {
      const { rowCount } = await client.query('DELETE FROM mcp_server WHERE id = $1', [id]);
      if (rowCount) await notifyChange(client, this.db, { kind: 'mcp-server', id });
      return Boolean(rowCount);
    });
  }
}
