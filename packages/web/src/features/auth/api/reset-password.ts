import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordParam } from '@tsnacos/protocol';
import { apiPostJson } from '../../../lib/api-client.js';

type ResetPasswordInput = ResetPasswordParam;

const resetPassword = (input: ResetPasswordInput) => apiPostJson<boolean>('/v2/user/reset_password', input);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
