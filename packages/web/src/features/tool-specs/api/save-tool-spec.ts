import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToolSpecParam } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';
import { toolSpecKeys } from './keys.js';

export type SaveToolSpecInput = ToolSpecParam & { mode: 'create' | 'update' };

/** Both make a new version of the spec; add refuses a spec that exists. */
const saveToolSpec = ({ mode, ...param }: SaveToolSpecInput) =>
  apiPostJson<boolean>(mode === 'create' ? '/v2/mcp/toolspec/add' : '/v2/mcp/toolspec/update', param);

export function useSaveToolSpec() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveToolSpec,
    onSuccess: () => client.invalidateQueries({ queryKey: toolSpecKeys.all }),
  });
}
