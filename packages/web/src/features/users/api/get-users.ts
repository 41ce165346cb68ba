import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import type { NamespacePrivilege } from '../lib/user-form.js';
import { userKeys, type UserListParams } from './keys.js';

export interface UserRow {
  username: string;
  nickname: string;
  gmtCreate: number;
  gmtModified: number;
  enable: boolean;
  roles: string[];
  namespacePrivilege: NamespacePrivilege | null;
}

export const getUsers = (p: UserListParams) => apiGet<PageResult<UserRow>>('/v2/user/list', { ...p });

export function useUsers(params: UserListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: () => getUsers(params),
    placeholderData: keepPreviousData,
  });
}
