import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client.js';
import { mcpServerKeys } from './keys.js';

const removeMcpServer = (id: number) => apiPostJson<boolean>('/v2/mcp/server/remove', { id });

export function useRemoveMcpServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeMcpServer,
    onSuccess: () => client.invalidateQueries({ queryKey: mcpServerKeys.all }),
  });
}
