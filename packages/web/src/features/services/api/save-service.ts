import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceParam } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';
import { serviceKeys } from './keys.js';

export type SaveServiceInput = Required<ServiceParam> & { mode: 'create' | 'update' };

const saveService = ({ mode, ...input }: SaveServiceInput) =>
  apiPostJson<boolean>(mode === 'create' ? '/v2/service/add' : '/v2/service/update', {
    ...input,
    tenant: input.namespaceId,
  });

export function useSaveService() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveService,
    onSuccess: () => client.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
