import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client.js';
import { userKeys } from './keys.js';

const removeUser = (username: string) => apiPostJson<boolean>('/v2/user/remove', { username });

export function useRemoveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}
