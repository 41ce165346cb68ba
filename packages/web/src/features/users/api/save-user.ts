import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client.js';
import type { NamespacePrivilege } from '../lib/user-form.js';
import { userKeys } from './keys.js';

export interface SaveUserInput {
  username: string;
  nickname: string;
  /** Only present when set. */
  password?: string;
  enable: boolean;
  namespacePrivilegeParam: NamespacePrivilege;
  /** Role codes joined with commas. */
  roles: string;
}

export const addUser = (input: SaveUserInput) => apiPostJson<boolean>('/v2/user/add', input);
export const updateUser = (input: SaveUserInput) => apiPostJson<boolean>('/v2/user/update', input);

export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, input }: { mode: 'add' | 'edit'; input: SaveUserInput }) =>
      mode === 'add' ? addUser(input) : updateUser(input),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}
