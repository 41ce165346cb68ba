import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { configKeys, type ConfigListParams } from './keys.js';

import type { ConfigInfoDto } from '@tsnacos/protocol';

/** A list row: the key and description (the list carries no content). */
export type ConfigRow = Pick<ConfigInfoDto, 'tenant' | 'group' | 'dataId'> & { desc: string | null };

export const getConfigs = (p: ConfigListParams) => apiGet<PageResult<ConfigRow>>('/v2/config/list', { ...p });

export function useConfigs(params: ConfigListParams) {
  return useQuery({
    queryKey: configKeys.list(params),
    queryFn: () => getConfigs(params),
    placeholderData: keepPreviousData,
  });
}
