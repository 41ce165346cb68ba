import { useQuery } from '@tanstack/react-query';
import type { McpServerDto } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { mcpServerKeys } from './keys.js';

const getMcpServer = (id: number) => apiGet<McpServerDto>('/v2/mcp/server/info', { id });

/** One server with its draft, its served version and the published history. */
export function useMcpServer(id: number | null) {
  return useQuery({
    queryKey: mcpServerKeys.info(id ?? 0),
    queryFn: () => getMcpServer(id ?? 0),
    enabled: id !== null,
  });
}
