import { useMutation } from '@tanstack/react-query';
import type { InstanceParams } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';
import type { ServiceRef } from '../../../app/paths.js';

/** `weight` and `metadata` are only sent from the edit form. */
type UpdateInstanceInput = InstanceParams & ServiceRef;

/** The online/offline switch sends just the key and `enabled`; the edit form adds weight and metadata. */
const updateInstance = (input: UpdateInstanceInput) => apiPostJson<boolean>('/v2/instance/update', input);

export function useUpdateInstance() {
  return useMutation({ mutationFn: updateInstance });
}
