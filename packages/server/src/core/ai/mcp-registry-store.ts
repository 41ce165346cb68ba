import type { RegisteredMcpServer } from './mcp-registry-model.js';

/**
 * Durable storage of the AI registry's MCP servers, each kept whole with all its versions. A write resolves
 * once it is durable.
 */
export interface McpRegistryStore {
  loadAll(): Promise<RegisteredMcpServer[]>;
  /** One server as stored now (another node may have changed it). */
  get(id: string): Promise<RegisteredMcpServer | undefined>;
  /** Inserts or replaces the server (by id); false (nothing written) when its name is another server's. */
  save(server: RegisteredMcpServer): Promise<boolean>;
  remove(id: string): Promise<boolean>;
}
