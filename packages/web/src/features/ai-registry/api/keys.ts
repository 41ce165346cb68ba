import type { AiRegistryListParam } from '@tsnacos/protocol';

export type AiListParams = Required<AiRegistryListParam>;

/** A registered MCP server as the console names it: namespace, uuid, and a version or the latest (""). */
export interface AiMcpServerRef {
  namespaceId: string;
  id: string;
  version: string;
}

/** A registered agent: namespace, name, and a version or the latest (""). */
export interface AiAgentRef {
  namespaceId: string;
  name: string;
  version: string;
}

export const aiMcpServerKeys = {
  all: ['ai-mcp-servers'] as const,
  lists: ['ai-mcp-servers', 'list'] as const,
  list: (p: AiListParams) => ['ai-mcp-servers', 'list', p] as const,
  infos: ['ai-mcp-servers', 'info'] as const,
  info: (ref: AiMcpServerRef) => ['ai-mcp-servers', 'info', ref] as const,
};

export const aiAgentKeys = {
  all: ['ai-agents'] as const,
  lists: ['ai-agents', 'list'] as const,
  list: (p: AiListParams) => ['ai-agents', 'list', p] as const,
  infos: ['ai-agents', 'info'] as const,
  info: (ref: AiAgentRef) => ['ai-agents', 'info', ref] as const,
};
