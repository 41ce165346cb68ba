import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { McpServerHistoryPublishParam } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';
import { mcpServerKeys } from './keys.js';

/** Serves the draft, or (with a history version) an older published version again. */
const publish = ({ id, historyValueId }: { id: number; historyValueId?: number }) =>
  historyValueId === undefined
    ? apiPostJson<boolean>('/v2/mcp/server/publish', { id })
    : apiPostJson<boolean>('/v2/mcp/server/publish/history', {
        id,
        historyValueId,
      } satisfies McpServerHistoryPublishParam);

export function usePublishMcpServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publish,
    onSuccess: () => client.invalidateQueries({ queryKey: mcpServerKeys.all }),
  });
}
