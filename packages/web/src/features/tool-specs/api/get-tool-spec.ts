import { useQuery } from '@tanstack/react-query';
import type { ToolSpecDto } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { toolSpecKeys, type ToolSpecKey } from './keys.js';

const getToolSpec = (k: ToolSpecKey) => apiGet<ToolSpecDto>('/v2/mcp/toolspec/info', { ...k });

export function useToolSpec(key: ToolSpecKey, enabled = true) {
  return useQuery({ queryKey: toolSpecKeys.info(key), queryFn: () => getToolSpec(key), enabled });
}
