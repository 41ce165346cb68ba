import type { McpServer, ToolSpec, ToolSpecKey } from '../../core/mcp/mcp-model.js';
import type { McpSequence, McpStore } from '../../core/mcp/mcp-store.js';
import { parseServerDocument, parseSpecDocument, serverDocument, specDocument } from '../mcp-documents.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';

type Row = Record<string, unknown>;

/** Thrown inside a transaction to roll it back when a unique key belongs to another server. */
const KEY_TAKEN = new Error('MCP server key taken');

const specWhere = (k: ToolSpecKey) => `${k.namespace}:${k.group}:${k.toolName}`;

export class SqliteMcpStore implements McpStore {
  constructor(private readonly db: SqliteDatabase) {}

  async loadSpecs(): Promise<ToolSpec[]> {
    const rows = this.db.prepare('SELECT namespace, group_name, tool_name, doc FROM mcp_tool_spec').all() as Row[];
    return rows.map((r) =>
      parseSpecDocument(String(r.doc), `${String(r.namespace)}:${String(r.group_name)}:${String(r.tool_name)}`),
    );
  }

  async loadServers(): Promise<McpServer[]> {
    const rows = this.db.prepare('SELECT id, doc FROM mcp_server ORDER BY id').all() as Row[];
    return rows.map((r) => parseServerDocument(String(r.doc), String(r.id)));
  }

  async loadSpec(key: ToolSpecKey): Promise<ToolSpec | undefined> {
    const row = this.db
      .prepare('SELECT doc FROM mcp_tool_spec WHERE namespace = ? AND group_name = ? AND tool_name = ?')
      .get(key.namespace, key.group, key.toolName) as Row | undefined;
    return row && parseSpecDocument(String(row.doc), specWhere(key));
  }

  async loadServer(id: number): Promise<McpServer | undefined> {
    const row = this.db.prepare('SELECT doc FROM mcp_server WHERE id = ?').get(id) as Row | undefined;
    return row && parseServerDocument(String(row.doc), String(id));
  }

  async nextIds(sequence: McpSequence, count: number): Promise<number> {
    const next = this.db.prepare(
      `INSERT INTO mcp_sequence (name, value) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET value = value + excluded.value RETURNING value`,
    );
    const row = await this.commit(() => next.get(sequence, count) as Row);
    return Number(row.value) - count + 1;
  }

  async saveSpecs(specs: ToolSpec[]): Promise<void> {
    const upsert = this.db.prepare(
      `INSERT INTO mcp_tool_spec (namespace, group_name, tool_name, doc) VALUES (?, ?, ?, ?)
       ON CONFLICT (namespace, group_name, tool_name) DO UPDATE SET doc = excluded.doc`,
    );
    await this.commit(() => {
      for (const s of specs) upsert.run(s.key.namespace, s.key.group, s.key.toolName, specDocument(s));
    });
  }

  async removeSpec(key: ToolSpecKey): Promise<boolean> {
    const remove = this.db.prepare(
      'DELETE FROM mcp_tool_spec WHERE namespace = ? AND group_name = ? AND tool_name = ?',
    );
    return this.commit(() => remove.run(key.namespace, key.group, key.toolName).changes > 0);
  }

  async saveServers(servers: McpServer[]): Promise<boolean> {
    const owner = this.db.prepare('SELECT id FROM mcp_server WHERE unique_key = ?');
    const upsert = this.db.prepare(
      `INSERT INTO mcp_server (id, unique_key, doc) VALUES (?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET unique_key = excluded.unique_key, doc = excluded.doc`,
    );
    const write = () => {
      for (const s of servers) {
        const taken = owner.get(s.uniqueKey) as Row | undefined;
        if (taken && Number(taken.id) !== s.id) throw KEY_TAKEN;
        upsert.run(s.id, s.uniqueKey, serverDocument(s));
      }
    };
    try {
      await this.commit(write);
      return true;
    } catch (err) {
      if (err === KEY_TAKEN) return false; // rolled back: nothing written
      throw err;
    }
  }

  async removeServer(id: number): Promise<boolean> {
    const remove = this.db.prepare('DELETE FROM mcp_server WHERE id = ?');
    return this.commit(() => remove.run(id).changes > 0);
  }

  /** Every write shares the store's group commit: its own savepoint, answered once the WAL is on disk. */
  private commit<T>(write: () => T): Promise<T> {
    return groupCommitOf(this.db).run(write);
  }
}
