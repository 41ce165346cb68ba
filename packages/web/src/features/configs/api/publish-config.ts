import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConfigParams } from '@tsnacos/protocol';
import { apiPostJson, type RequestOptions } from '../../../lib/api-client.js';
import { configKeys, type ConfigKey } from './keys.js';

/** `configType` left out keeps the stored type (recover). */
export type PublishConfigInput = ConfigParams & ConfigKey & { content: string };

export const publishConfig = (input: PublishConfigInput, options: RequestOptions = {}) =>
  apiPostJson<boolean>('/v2/config/update', input, options);

/** A write changes the list, the config itself and its history. */
export function invalidateConfig(client: QueryClient, key: ConfigKey) {
  void client.invalidateQueries({ queryKey: configKeys.lists() });
  void client.invalidateQueries({ queryKey: configKeys.detail(key) });
  void client.invalidateQueries({ queryKey: configKeys.histories(key) });
}

export function usePublishConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishConfigInput) => publishConfig(input),
    onSuccess: (_, input) => invalidateConfig(client, input),
  });
}
