export interface UserListParams {
  likeUsername: string;
  pageNo: number;
  pageSize: number;
}

export const userKeys = {
  all: ['users'] as const,
  list: (p: UserListParams) => ['users', 'list', p] as const,
};
