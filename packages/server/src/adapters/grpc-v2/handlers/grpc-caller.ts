import type { AuthService } from '../../../core/auth/auth-service.js';
import type { RequestContext } from '../grpc-handler.js';

export type TokenOwner = Pick<AuthService, 'identify'>;

/** The user a request's `accessToken` belongs to, for the audit trail; null (anonymous) without one. */
export function grpcCaller(auth: TokenOwner | undefined, ctx: RequestContext): string | null {
  const token = ctx.headers.accessToken;
  return auth && token ? (auth.identify('api', token)?.user.username ?? null) : null;
}
