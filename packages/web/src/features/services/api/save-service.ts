import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client.js';
import { serviceKeys } from './keys.js';

export interface SaveServiceInput {
  namespaceId: string;
  groupName: string;
  serviceName: string;
  protectThreshold: number;
  metadata: string;
  mode: 'create' | 'update';
}

export const saveService = ({ mode, ...input }: SaveServiceInput) =>
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
