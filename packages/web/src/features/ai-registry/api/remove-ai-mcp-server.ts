import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiMcpServerParam } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';
import { aiMcpServerKeys } from './keys.js';

/** `name` goes along for the audit trail: the server asked must still be the one of that name. */
export type RemoveAiMcpServer = Required<Pick<AiMcpServerParam, 'namespaceId' | 'id' | 'name'>>;

const removeAiMcpServer = (p: RemoveAiMcpServer) => apiPostJson<boolean>('/v2/ai/mcp/remove', p);

/** Deletes a registered server with every version; its detail is not read again. */
export function useRemoveAiMcpServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeAiMcpServer,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: aiMcpServerKeys.infos, refetchType: 'none' });
      await client.invalidateQueries({ queryKey: aiMcpServerKeys.lists });
    },
  });
}
