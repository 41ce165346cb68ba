import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { configKeys, type ConfigHistoryParams } from './keys.js';

export interface HistoryRow {
  id: number;
  tenant: string;
  group: string;
  dataId: string;
  content: string;
  /** Milliseconds since the epoch. */
  modifiedTime: number;
  opUser: string | null;
}

export const getConfigHistory = (p: ConfigHistoryParams) =>
  apiGet<PageResult<HistoryRow>>('/v2/config/history', { ...p });

export function useConfigHistory(params: ConfigHistoryParams) {
  return useQuery({
    queryKey: configKeys.history(params),
    queryFn: () => getConfigHistory(params),
    placeholderData: keepPreviousData,
    enabled: params.dataId !== '' && params.group !== '',
  });
}
