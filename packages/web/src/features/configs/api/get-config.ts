import { useQuery } from '@tanstack/react-query';
import { apiGet, type RequestOptions } from '../../../lib/api-client.js';
import { configKeys, type ConfigKey } from './keys.js';

import type { ConfigInfo } from '@tsnacos/protocol';

export type { ConfigInfo };

const getConfig = (k: ConfigKey, options: RequestOptions = {}) =>
  apiGet<ConfigInfo>('/v2/config/info', { dataId: k.dataId, group: k.group, tenant: k.tenant }, options);

/** The current content of one config (edit, detail and history diff). */
export function useConfig(key: ConfigKey | null) {
  return useQuery({
    queryKey: key ? configKeys.detail(key) : ['configs', 'detail', 'none'],
    queryFn: () => getConfig(key!),
    enabled: key !== null,
    staleTime: 0,
  });
}
