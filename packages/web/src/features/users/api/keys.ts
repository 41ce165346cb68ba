import type { UserListParam } from '@tsnacos/protocol';

/** What the user list always sends (newest first is left to the server's default). */
export type UserListParams = Required<Pick<UserListParam, 'likeUsername' | 'pageNo' | 'pageSize'>>;

export const userKeys = {
  all: ['users'] as const,
  list: (p: UserListParams) => ['users', 'list', p] as const,
};
