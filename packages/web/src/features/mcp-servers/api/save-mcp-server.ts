import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { McpServerParam } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';
import { mcpServerKeys } from './keys.js';

/** Add answers the new id (published at once); update answers true (a new draft). */
const saveMcpServer = (param: McpServerParam): Promise<number | boolean> =>
  param.id === undefined
    ? apiPostJson<number>('/v2/mcp/server/add', param)
    : apiPostJson<boolean>('/v2/mcp/server/update', param);

export function useSaveMcpServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMcpServer,
    onSuccess: () => client.invalidateQueries({ queryKey: mcpServerKeys.all }),
  });
}
