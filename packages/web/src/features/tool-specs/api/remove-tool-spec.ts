import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client.js';
import { toolSpecKeys, type ToolSpecKey } from './keys.js';

const removeToolSpec = (key: ToolSpecKey) => apiPostJson<boolean>('/v2/mcp/toolspec/remove', key);

export function useRemoveToolSpec() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeToolSpec,
    onSuccess: () => client.invalidateQueries({ queryKey: toolSpecKeys.all }),
  });
}
