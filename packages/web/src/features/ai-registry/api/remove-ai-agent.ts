import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiAgentParam } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';
import { aiAgentKeys } from './keys.js';

export type RemoveAiAgent = Required<Pick<AiAgentParam, 'namespaceId' | 'name'>>;

const removeAiAgent = (p: RemoveAiAgent) => apiPostJson<boolean>('/v2/ai/a2a/remove', p);

/** Deletes a registered agent with every version; its detail is not read again. */
export function useRemoveAiAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeAiAgent,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: aiAgentKeys.infos, refetchType: 'none' });
      await client.invalidateQueries({ queryKey: aiAgentKeys.lists });
    },
  });
}
