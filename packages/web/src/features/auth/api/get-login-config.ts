import { useQuery } from '@tanstack/react-query';
import type { LoginConfig } from '@tsnacos/protocol';
import { apiRequest } from '../../../lib/api-client.js';

const OFF: LoginConfig = { oauth2Enable: false, oauth2Button: null, oauth2AuthorizeUrl: null };

/** Whether the login page offers an OAuth2 button, and its text; a server without the call offers none. */
async function getLoginConfig(): Promise<LoginConfig> {
  try {
    return (await apiRequest<LoginConfig | null>('GET', '/v2/login/config', { silent: true })) ?? OFF;
  } catch {
    return OFF;
  }
}

export function useLoginConfig() {
  return useQuery({ queryKey: ['auth', 'login-config'], queryFn: getLoginConfig, staleTime: Infinity });
}
