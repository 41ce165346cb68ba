import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client.js';
import type { ConfigKey } from './keys.js';
import { invalidateConfig } from './publish-config.js';

export type TagAction = 'publish' | 'stop' | 'promote';
export interface TagActionInput {
  action: TagAction;
  key: ConfigKey;
  tag: string;
  content?: string;
}

/** Publish a release for a tag, stop it, or promote it to the config every client reads. */
export function useTagAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, key, tag, content }: TagActionInput) =>
      apiPostJson<boolean>(`/v2/config/tag/${action}`, {
        tenant: key.tenant,
        group: key.group,
        dataId: key.dataId,
        tag,
        content,
      }),
    onSuccess: (_, { key }) => invalidateConfig(client, key),
  });
}
