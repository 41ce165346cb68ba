import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AiAgentRow, PageResult } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { aiAgentKeys, type AiListParams } from './keys.js';

const getAiAgents = (p: AiListParams) => apiGet<PageResult<AiAgentRow>>('/v2/ai/a2a/list', { ...p });

/** The A2A agents clients registered in a namespace (nacos 3 AI registry). */
export function useAiAgents(params: AiListParams, enabled = true) {
  return useQuery({
    queryKey: aiAgentKeys.list(params),
    queryFn: () => getAiAgents(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
