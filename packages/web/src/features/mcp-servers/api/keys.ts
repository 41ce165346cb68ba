import type { McpServerHistoryQueryParam, McpServerQueryParam } from '@tsnacos/protocol';

export type McpServerListParams = Required<McpServerQueryParam>;
export type McpServerHistoryParams = Pick<McpServerHistoryQueryParam, 'id' | 'pageNo' | 'pageSize'>;

export const mcpServerKeys = {
  all: ['mcp-servers'] as const,
  list: (p: McpServerListParams) => ['mcp-servers', 'list', p] as const,
  info: (id: number) => ['mcp-servers', 'info', id] as const,
  history: (p: McpServerHistoryParams) => ['mcp-servers', 'history', p] as const,
  endpoint: () => ['mcp-servers', 'endpoint'] as const,
};
