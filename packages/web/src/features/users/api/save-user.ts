import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client.js';
import type { UpdateUserInfoParam } from '@tsnacos/protocol';
import { userKeys } from './keys.js';

export type SaveUserInput = UpdateUserInfoParam;

const addUser = (input: SaveUserInput) => apiPostJson<boolean>('/v2/user/add', input);
const updateUser = (input: SaveUserInput) => apiPostJson<boolean>('/v2/user/update', input);

export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, input }: { mode: 'add' | 'edit'; input: SaveUserInput }) =>
      mode === 'add' ? addUser(input) : updateUser(input),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}
