import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.js';
import { getConfig } from './get-config.js';
import { configKeys, type ConfigKey } from './keys.js';
import { publishConfig } from './publish-config.js';

export type ClonePolicy = 'skip' | 'overwrite';

export interface CloneInput {
  keys: ConfigKey[];
  targetTenant: string;
  policy: ClonePolicy;
}

export interface CloneResult {
  cloned: number;
  skipped: number;
  failed: string[];
}

async function exists(key: ConfigKey): Promise<boolean> {
  try {
    await getConfig(key, { silent: true });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'api') return false; // not found
    throw err;
  }
}

/** Copies each config (content, type, description) into the target namespace, one after another. */
export async function cloneConfigs({ keys, targetTenant, policy }: CloneInput): Promise<CloneResult> {
  const result: CloneResult = { cloned: 0, skipped: 0, failed: [] };
  for (const key of keys) {
    const target = { ...key, tenant: targetTenant };
    try {
      if (policy === 'skip' && (await exists(target))) {
        result.skipped += 1;
        continue;
      }
      const source = await getConfig(key, { silent: true });
      await publishConfig(
        {
          ...target,
          content: source.value,
          configType: source.configType ?? undefined,
          desc: source.desc ?? undefined,
        },
        { silent: true },
      );
      result.cloned += 1;
    } catch (err) {
      result.failed.push(`${key.group}/${key.dataId}: ${(err as Error).message}`);
    }
  }
  return result;
}

export function useCloneConfigs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cloneConfigs,
    onSettled: () => client.invalidateQueries({ queryKey: configKeys.all }),
  });
}
