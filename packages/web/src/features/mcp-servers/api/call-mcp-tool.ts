import { useMutation } from '@tanstack/react-query';
import type { McpToolCallParam, McpToolCallResultDto } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';

/** Calls a tool through the server, as an MCP client's tools/call does. */
const callTool = (p: McpToolCallParam) => apiPostJson<McpToolCallResultDto>('/v2/mcp/server/tool/call', p);

export function useCallMcpTool() {
  return useMutation({ mutationFn: callTool });
}
