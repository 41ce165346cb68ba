import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult, ToolSpecDto } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { toolSpecKeys, type ToolSpecListParams } from './keys.js';

export const getToolSpecs = (p: ToolSpecListParams) =>
  apiGet<PageResult<ToolSpecDto>>('/v2/mcp/toolspec/list', { ...p });

export function useToolSpecs(params: ToolSpecListParams, enabled = true) {
  return useQuery({
    queryKey: toolSpecKeys.list(params),
    queryFn: () => getToolSpecs(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
