import { useMutation } from '@tanstack/react-query';
import type { InstanceParams } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';
import type { ServiceRef } from '../../../app/paths.js';

const removeInstance = (input: Pick<InstanceParams, 'ip' | 'port' | 'clusterName'> & ServiceRef) =>
  apiPostJson<boolean>('/v2/instance/remove', input);

export function useRemoveInstance() {
  return useMutation({ mutationFn: removeInstance });
}
