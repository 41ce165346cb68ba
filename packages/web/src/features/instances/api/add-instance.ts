import { useMutation } from '@tanstack/react-query';
import type { InstanceParams } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';
import type { ServiceRef } from '../../../app/paths.js';

/** The console adds persistent instances: ephemeral ones belong to the clients that keep them alive. */
const addPersistentInstance = (input: InstanceParams & ServiceRef) =>
  apiPostJson<boolean>('/v2/instance/add', { ...input, ephemeral: 'false' });

export function useAddPersistentInstance() {
  return useMutation({ mutationFn: addPersistentInstance });
}
