import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.js';

const logout = () => apiRequest<boolean>('POST', '/v2/login/logout');

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
