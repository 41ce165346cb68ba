import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToolSpecParam } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';
import { toolSpecKeys } from './keys.js';

/** Adds or updates many specs in one request (a new version of each). */
const batchUpdate = (params: ToolSpecParam[]) => apiPostJson<boolean>('/v2/mcp/toolspec/batch_update', params);

export function useBatchUpdateToolSpecs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: batchUpdate,
    onSuccess: () => client.invalidateQueries({ queryKey: toolSpecKeys.all }),
  });
}
