import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult, UserDto } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { userKeys, type UserListParams } from './keys.js';

export type UserRow = UserDto;

const getUsers = (p: UserListParams) => apiGet<PageResult<UserRow>>('/v2/user/list', { ...p });

export function useUsers(params: UserListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: () => getUsers(params),
    placeholderData: keepPreviousData,
  });
}
