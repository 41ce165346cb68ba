import type { RegistryDocument } from '../core/ai/registry-document-store.js';

/*
 * The AI registry's entries (MCP servers, agents) are stored whole, as JSON documents of the core model, in
 * both backends. A document that does not parse is a damaged store: reported with its id rather than half
 * read.
 */

export const registryDocument = (entry: RegistryDocument): string => JSON.stringify(entry);

/** Reads a stored document of `what` (its table's entries: a name and versions). */
export function parseRegistryDocument<T extends RegistryDocument>(doc: string, id: string, what: string): T {
  let value: { name?: unknown; versions?: unknown } | undefined;
  try {
    value = JSON.parse(doc) as typeof value;
  } catch {
    // reported below
  }
  if (!value || typeof value.name !== 'string' || !Array.isArray(value.versions)) {
    throw new Error(`AI registry ${what} ${id}: not a document of one`);
  }
  return value as T;
}

/** The tables of the AI registry: each holds one kind of entry. */
export const REGISTRY_TABLES = {
  mcp: { table: 'ai_mcp_server', what: 'MCP server' },
  agent: { table: 'ai_agent', what: 'agent' },
} as const;
export type RegistryTable = (typeof REGISTRY_TABLES)[keyof typeof REGISTRY_TABLES];
