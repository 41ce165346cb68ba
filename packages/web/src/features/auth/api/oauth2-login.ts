import type { LoginResult } from '@tsnacos/protocol';
import { apiFetch } from '../../../lib/api-client.js';

/** The provider's answer the login page found in its URL (when the redirect URI is the login page). */
export type OAuth2Callback = Partial<Record<'code' | 'state' | 'iss' | 'error', string>>;

/** Exchanges the callback for a session; resolves to null, or the error code the server answered. */
export async function oauth2Login(callback: OAuth2Callback): Promise<string | null> {
  try {
    const res = await apiFetch('POST', '/v2/login/oauth2/login', { json: callback });
    const body = (await res.json().catch(() => null)) as {
      success?: boolean;
      code?: string;
      data?: LoginResult;
    } | null;
    return body?.success === true ? null : (body?.code ?? 'OAUTH2_AUTH_ERROR');
  } catch {
    return 'OAUTH2_PROVIDER_ERROR';
  }
}
