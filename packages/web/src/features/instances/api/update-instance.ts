import { useMutation } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client.js';
import type { ServiceRef } from '../../../app/paths.js';

export interface UpdateInstanceInput extends ServiceRef {
  ip: string;
  port: number;
  enabled: boolean;
  /** Only sent from the edit form. */
  weight?: number;
  metadata?: string;
}

/** The online/offline switch sends just the key and `enabled`; the edit form adds weight and metadata. */
export const updateInstance = (input: UpdateInstanceInput) => apiPostJson<boolean>('/v2/instance/update', input);

export function useUpdateInstance() {
  return useMutation({ mutationFn: updateInstance });
}
