import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceKeyParam } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';
import { serviceKeys } from './keys.js';

type ServiceKeyInput = Required<ServiceKeyParam>;

const removeService = (key: ServiceKeyInput) => apiPostJson<boolean>('/v2/service/remove', key);

export function useRemoveService() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeService,
    onSuccess: () => client.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
