import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConfigInfoDto, PageResult } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { configKeys, type ConfigListParams } from './keys.js';

/** A list row: the key and description (the list carries no content). */
export type ConfigRow = ConfigInfoDto;

const getConfigs = (p: ConfigListParams) => apiGet<PageResult<ConfigRow>>('/v2/config/list', { ...p });

export function useConfigs(params: ConfigListParams, enabled = true) {
  return useQuery({
    queryKey: configKeys.list(params),
    queryFn: () => getConfigs(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
