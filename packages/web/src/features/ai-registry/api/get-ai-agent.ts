import { useQuery } from '@tanstack/react-query';
import type { AiAgentDetail, AiAgentParam } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { aiAgentKeys, type AiAgentRef } from './keys.js';

const getAiAgent = (ref: AiAgentRef) => {
  const query: AiAgentParam = { namespaceId: ref.namespaceId, name: ref.name, version: ref.version || undefined };
  return apiGet<AiAgentDetail>('/v2/ai/a2a/info', { ...query });
};

/** One version of a registered agent, with the endpoints its instances registered. */
export function useAiAgent(ref: AiAgentRef) {
  return useQuery({ queryKey: aiAgentKeys.info(ref), queryFn: () => getAiAgent(ref) });
}
