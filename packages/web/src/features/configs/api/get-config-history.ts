import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { configKeys, type ConfigHistoryParams } from './keys.js';

import type { ConfigHistoryInfoDto } from '@tsnacos/protocol';

export type HistoryRow = Pick<
  ConfigHistoryInfoDto,
  'id' | 'tenant' | 'group' | 'dataId' | 'content' | 'modifiedTime' | 'opUser' | 'encryptedDataKey'
> & {
  /** Absent from servers that do not send it. */
  opType?: ConfigHistoryInfoDto['opType'];
};

const getConfigHistory = (p: ConfigHistoryParams) => apiGet<PageResult<HistoryRow>>('/v2/config/history', { ...p });

export function useConfigHistory(params: ConfigHistoryParams, enabled = true) {
  return useQuery({
    queryKey: configKeys.history(params),
    queryFn: () => getConfigHistory(params),
    placeholderData: keepPreviousData,
    enabled: enabled && params.dataId !== '' && params.group !== '',
  });
}
