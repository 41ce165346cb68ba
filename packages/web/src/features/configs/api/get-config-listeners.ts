import { useQuery } from '@tanstack/react-query';
import type { ConfigListenerDto } from '@tsnacos/protocol';
import { apiRequestWithResponse } from '../../../lib/api-client.js';
import { configKeys, type ConfigListenerParams } from './keys.js';

/** The listeners, and the cluster nodes that did not answer (their clients are missing from `rows`). */
export interface ConfigListeners {
  rows: ConfigListenerDto[];
  unanswered: string[];
}

const getConfigListeners = async (p: ConfigListenerParams): Promise<ConfigListeners> => {
  const { data, response } = await apiRequestWithResponse<ConfigListenerDto[]>('GET', '/v2/config/listeners', {
    query: { ...p },
  });
  const unanswered = response.headers.get('unanswered-nodes');
  return { rows: data, unanswered: unanswered ? unanswered.split(',') : [] };
};

/** The clients listening to a config, or the configs a client IP listens to (asked only with one of them). */
export function useConfigListeners(params: ConfigListenerParams, enabled = true) {
  return useQuery({
    queryKey: configKeys.listeners(params),
    queryFn: () => getConfigListeners(params),
    enabled: enabled && (Boolean(params.dataId) || Boolean(params.ip)),
  });
}
