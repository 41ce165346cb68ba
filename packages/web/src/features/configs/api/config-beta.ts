import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfigBetaInfo } from '@tsnacos/protocol';
import { apiGet, apiPostJson } from '../../../lib/api-client.js';
import { configKeys, type ConfigKey } from './keys.js';
import { invalidateConfig } from './publish-config.js';

export type { ConfigBetaInfo };

const betaKey = (k: ConfigKey) => [...configKeys.detail(k), 'beta'] as const;
const keyFields = (k: ConfigKey) => ({ tenant: k.tenant, group: k.group, dataId: k.dataId });

/** The beta release of one config (null when it has none). */
export function useConfigBeta(key: ConfigKey | null) {
  return useQuery({
    queryKey: key ? betaKey(key) : ['configs', 'beta', 'none'],
    queryFn: () => apiGet<ConfigBetaInfo | null>('/v2/config/beta', keyFields(key!)),
    enabled: key !== null,
    staleTime: 0,
  });
}

export type BetaAction = 'publish' | 'stop' | 'promote';
export interface BetaActionInput {
  action: BetaAction;
  key: ConfigKey;
  content?: string;
  betaIps?: string;
}

/** Publish a beta to client IPs, stop it, or promote it to the config every client reads. */
export function useBetaAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, key, content, betaIps }: BetaActionInput) =>
      apiPostJson<boolean>(`/v2/config/beta/${action}`, { ...keyFields(key), content, betaIps }),
    onSuccess: (_, { key }) => invalidateConfig(client, key),
  });
}
