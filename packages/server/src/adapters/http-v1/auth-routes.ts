import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LoginError, type AuthService } from '../../core/auth/auth-service.js';
import { UNKNOWN_USER } from '../../core/auth/api-access-guard.js';
import { isAdmin } from '../../core/auth/permissions.js';
import { clientIp, optional, requestParams } from '../http-common/params.js';
import { LOGIN_ROUTES, sendForbidden } from './api-auth-hook.js';

const DEFAULT_TOKEN_TTL_SECONDS = 18_000;

/**
 * The SDK login routes (`LOGIN_ROUTES`), all one login through `AuthService.apiLogin`. With OpenAPI auth on, a console user's
 * credentials give a token (`RNACOS_API_LOGIN_TIMEOUT`); wrong ones get a 403. With it off every login
 * succeeds with the `AUTH_DISABLED` token, so clients configured with credentials keep working (Python
 * aborts otherwise).
 */
export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, enabled: boolean): void {
  const login = async (req: FastifyRequest, reply: FastifyReply) => {
    const params = requestParams(req);
    const username = optional(params, 'username') ?? '';
    if (!enabled) {
      return { accessToken: 'AUTH_DISABLED', tokenTtl: DEFAULT_TOKEN_TTL_SECONDS, globalAdmin: true, username };
    }
    try {
      const session = await auth.apiLogin(username, params.password ?? '', clientIp(req));
      // the user as stored, whatever case a directory user typed
      const user = auth.users.get(session.username)!;
      reply.header('Authorization', `Bearer ${session.token}`);
      return {
        accessToken: session.token,
        tokenTtl: auth.timeouts.apiLoginSeconds,
        globalAdmin: isAdmin(user.roles),
        username: user.username,
      };
    } catch (err) {
      if (err instanceof LoginError)
        return sendForbidden(req, reply, err.code === 'USER_CHECK_ERROR' ? UNKNOWN_USER : err.message);
      throw err;
    }
  };
  for (const path of LOGIN_ROUTES) {
    app.get(path, login);
    app.post(path, login);
  }
}
