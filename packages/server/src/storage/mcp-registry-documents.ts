import type { RegisteredMcpServer } from '../core/ai/mcp-registry-model.js';

/*
 * The AI registry's MCP servers are stored whole, as JSON documents of the core model, in both backends. A
 * document that does not parse is a damaged store: reported with its id rather than half read.
 */

export const registryDocument = (server: RegisteredMcpServer): string => JSON.stringify(server);

export function parseRegistryDocument(doc: string, id: string): RegisteredMcpServer {
  let value: Partial<RegisteredMcpServer> | undefined;
  try {
    value = JSON.parse(doc) as Partial<RegisteredMcpServer>;
  } catch {
    // reported below
  }
  if (!value || typeof value.name !== 'string' || !Array.isArray(value.versions)) {
    throw new Error(`AI registry MCP server ${id}: not an MCP server document`);
  }
  return value as RegisteredMcpServer;
}
