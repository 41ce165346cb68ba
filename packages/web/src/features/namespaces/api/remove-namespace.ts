import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client.js';
import { namespaceKeys } from '../../../lib/namespaces.js';

const removeNamespace = (namespaceId: string) => apiPostJson<boolean>('/v2/namespaces/remove', { namespaceId });

export function useRemoveNamespace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeNamespace,
    onSuccess: () => client.invalidateQueries({ queryKey: namespaceKeys.all }),
  });
}
