import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { AuditDoor } from '../../core/audit/audit-model.js';
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

/** Who a request on an OpenAPI route is, for the audit trail: its door and authenticated user. */
export type AuditCaller = (req: FastifyRequest, params: Params) => { door: AuditDoor; actor: string | null };

/** The door of an SDK-port request: the nacos API generation its path names. */
export function sdkDoorOf(url: string): AuditDoor {
  if (url.startsWith('/nacos/v2/')) return 'http-v2';
  if (url.startsWith('/nacos/v3/')) return 'http-v3';
  return 'http-v1';
}

/** The SDK port's callers: door `http-v1`, `http-v2` or `http-v3` by the path, the user of the request's token. */
export const sdkAuditCaller =
  (auth: Pick<AuthService, 'identify'>): AuditCaller =>
  (req, params) => ({ door: sdkDoorOf(req.url), actor: sdkCaller(auth, req.headers, params) });
