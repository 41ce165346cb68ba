import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { McpServerValueDto, PageResult } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { mcpServerKeys, type McpServerHistoryParams } from './keys.js';

const getHistory = (p: McpServerHistoryParams) =>
  apiGet<PageResult<McpServerValueDto>>('/v2/mcp/server/history', { ...p });

/** Published versions, newest first. */
export function useMcpServerHistory(params: McpServerHistoryParams) {
  return useQuery({
    queryKey: mcpServerKeys.history(params),
    queryFn: () => getHistory(params),
    placeholderData: keepPreviousData,
  });
}
