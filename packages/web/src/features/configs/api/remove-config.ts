import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client.js';
import type { ConfigKey } from './keys.js';
import { invalidateConfig } from './publish-config.js';

const removeConfig = (key: ConfigKey) =>
  apiPostJson<boolean>('/v2/config/remove', { tenant: key.tenant, group: key.group, dataId: key.dataId });

export function useRemoveConfig() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeConfig, onSuccess: (_, key) => invalidateConfig(client, key) });
}
