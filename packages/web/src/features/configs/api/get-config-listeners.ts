import { useQuery } from '@tanstack/react-query';
import type { ConfigListenerDto } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { configKeys, type ConfigListenerParams } from './keys.js';

const getConfigListeners = (p: ConfigListenerParams) => apiGet<ConfigListenerDto[]>('/v2/config/listeners', { ...p });

/** The clients listening to a config, or the configs a client IP listens to (asked only with one of them). */
export function useConfigListeners(params: ConfigListenerParams, enabled = true) {
  return useQuery({
    queryKey: configKeys.listeners(params),
    queryFn: () => getConfigListeners(params),
    enabled: enabled && (Boolean(params.dataId) || Boolean(params.ip)),
  });
}
