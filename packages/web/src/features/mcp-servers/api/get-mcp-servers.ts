import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { McpServerDto, PageResult } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { mcpServerKeys, type McpServerListParams } from './keys.js';

const getMcpServers = (p: McpServerListParams) => apiGet<PageResult<McpServerDto>>('/v2/mcp/server/list', { ...p });

export function useMcpServers(params: McpServerListParams, enabled = true) {
  return useQuery({
    queryKey: mcpServerKeys.list(params),
    queryFn: () => getMcpServers(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
