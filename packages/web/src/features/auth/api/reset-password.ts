import { useMutation } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client.js';

export interface ResetPasswordInput {
  oldPassword: string;
  newPassword: string;
}

export const resetPassword = (input: ResetPasswordInput) => apiPostJson<boolean>('/v2/user/reset_password', input);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
