import type { McpServer, ToolSpec, ToolSpecKey } from './mcp-model.js';

/** The id sequences of the MCP data, named as r-nacos names them. */
export type McpSequence = 'TOOL_SPEC_VERSION' | 'MCP_SERVER_ID' | 'MCP_SERVER_VALUE_ID';

/**
 * Durable storage of tool specs and MCP servers, each kept whole. On a shared store every write is
 * announced to the other nodes (`mcp-spec`, `mcp-server` changes), which re-read what it names.
 */
export interface McpStore {
  loadSpecs(): Promise<ToolSpec[]>;
  loadServers(): Promise<McpServer[]>;
  loadSpec(key: ToolSpecKey): Promise<ToolSpec | undefined>;
  loadServer(id: number): Promise<McpServer | undefined>;
  /** Reserves `count` consecutive ids of the sequence and resolves the first. */
  nextIds(sequence: McpSequence, count: number): Promise<number>;
  /** Inserts or replaces the specs, all or none. */
  saveSpecs(specs: ToolSpec[]): Promise<void>;
  removeSpec(key: ToolSpecKey): Promise<boolean>;
  /**
   * Inserts or replaces the servers (by id), all or none; false (nothing written) when one's unique key
   * belongs to another stored server.
   */
  saveServers(servers: McpServer[]): Promise<boolean>;
  removeServer(id: number): Promise<boolean>;
}
