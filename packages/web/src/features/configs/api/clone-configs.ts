import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigCloneParam, ConfigTransferResult, ConflictPolicy } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';
import { configKeys, type ConfigKey } from './keys.js';

export type ClonePolicy = Extract<ConflictPolicy, 'SKIP' | 'OVERWRITE'>;

interface CloneInput {
  keys: ConfigKey[];
  targetTenant: string;
  policy: ClonePolicy;
}

/** Copies the configs (content, type, description) into the target namespace in one server-side batch. */
const cloneConfigs = ({ keys, targetTenant, policy }: CloneInput) =>
  apiPostJson<ConfigTransferResult>('/v2/config/clone', {
    targetTenant,
    policy,
    keys: keys.map(({ tenant, group, dataId }) => ({ tenant, group, dataId })),
  } satisfies ConfigCloneParam);

export function useCloneConfigs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cloneConfigs,
    onSettled: () => client.invalidateQueries({ queryKey: configKeys.all }),
  });
}
