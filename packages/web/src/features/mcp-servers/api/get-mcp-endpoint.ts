import { useQuery } from '@tanstack/react-query';
import type { McpEndpointDto } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { mcpServerKeys } from './keys.js';

const getEndpoint = () => apiGet<McpEndpointDto>('/v2/mcp/endpoint', undefined, { silent: true });

/** Where MCP clients connect (the SDK port and the path patterns); absent when the server does not say. */
export function useMcpEndpoint() {
  return useQuery({ queryKey: mcpServerKeys.endpoint(), queryFn: getEndpoint, staleTime: Infinity, retry: false });
}
