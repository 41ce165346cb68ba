import type { IncomingHttpHeaders } from 'node:http';
import type { AuthService } from '../../core/auth/auth-service.js';
import type { Params } from './params.js';

/**
 * The user an SDK request's token belongs to, for the audit trail; null (anonymous) without a live token.
 * A name the client merely states (`src_user`, `username`) is never taken for the caller.
 */
export function sdkCaller(
  auth: Pick<AuthService, 'identify'> | undefined,
  headers: IncomingHttpHeaders,
  params: Params,
): string | null {
  if (!auth) return null;
  const authorization = headers.authorization;
  const header = headers.accesstoken;
  const bearer = typeof authorization === 'string' ? authorization.replace(/^Bearer\s+/i, '').trim() : undefined;
  const token = bearer || (typeof header === 'string' ? header.trim() : undefined) || params.accessToken;
  return token ? (auth.identify('api', token)?.user.username ?? null) : null;
}
