import { useQuery } from '@tanstack/react-query';
import type { AiMcpServerDetail, AiMcpServerParam } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { aiMcpServerKeys, type AiMcpServerRef } from './keys.js';

const getAiMcpServer = (ref: AiMcpServerRef) => {
  const query: AiMcpServerParam = { namespaceId: ref.namespaceId, id: ref.id, version: ref.version || undefined };
  return apiGet<AiMcpServerDetail>('/v2/ai/mcp/info', { ...query });
};

/** One version of a registered MCP server, with its endpoints as the naming service has them now. */
export function useAiMcpServer(ref: AiMcpServerRef) {
  return useQuery({ queryKey: aiMcpServerKeys.info(ref), queryFn: () => getAiMcpServer(ref) });
}
