import { numberVersions, type McpServer, type ToolSpec } from '../core/mcp/mcp-model.js';

/*
 * Tool specs and MCP servers are stored whole, as JSON documents of the core model, in both backends.
 * A document that does not parse is a damaged store: reported with its key rather than half read.
 */

export const specDocument = (spec: ToolSpec): string => JSON.stringify(spec);
export const serverDocument = (server: McpServer): string => JSON.stringify(server);

export function parseSpecDocument(doc: string, where: string): ToolSpec {
  const value = parse(doc, where) as unknown as ToolSpec;
  if (!value.key || !Array.isArray(value.versions)) throw new Error(`tool spec ${where}: not a tool spec document`);
  return value;
}

export function parseServerDocument(doc: string, where: string): McpServer {
  const value = parse(doc, where) as unknown as McpServer;
  if (typeof value.id !== 'number' || !value.current || !Array.isArray(value.histories)) {
    throw new Error(`MCP server ${where}: not an MCP server document`);
  }
  // documents of releases before version numbers: numbered from their ids
  return numberVersions(value);
}

function parse(doc: string, where: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(doc);
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new Error(`MCP record ${where} is not valid JSON`);
}
