import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AiMcpServerRow, PageResult } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { aiMcpServerKeys, type AiListParams } from './keys.js';

const getAiMcpServers = (p: AiListParams) => apiGet<PageResult<AiMcpServerRow>>('/v2/ai/mcp/list', { ...p });

/** The MCP servers clients registered in a namespace (nacos 3 AI registry). */
export function useAiMcpServers(params: AiListParams, enabled = true) {
  return useQuery({
    queryKey: aiMcpServerKeys.list(params),
    queryFn: () => getAiMcpServers(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
