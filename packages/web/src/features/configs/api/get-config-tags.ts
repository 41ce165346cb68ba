import { useQuery } from '@tanstack/react-query';
import type { ConfigTagInfo } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { configKeys, type ConfigKey } from './keys.js';

export type { ConfigTagInfo };

/** Under the config's detail key: any write of the config refetches its tag releases too. */
export const tagsKey = (k: ConfigKey) => [...configKeys.detail(k), 'tags'] as const;

/** The tag releases of one config, by tag (empty when it has none). */
export function useConfigTags(key: ConfigKey) {
  return useQuery({
    queryKey: tagsKey(key),
    queryFn: () =>
      apiGet<ConfigTagInfo[]>('/v2/config/tag', { tenant: key.tenant, group: key.group, dataId: key.dataId }),
    staleTime: 0,
  });
}
