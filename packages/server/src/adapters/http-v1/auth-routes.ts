import type { FastifyInstance, FastifyRequest } from 'fastify';
import { optional, requestParams } from '../http-common/params.js';

export const DEFAULT_TOKEN_TTL_SECONDS = 18_000;

/**
 * `/nacos/v1/auth/login` and `/nacos/v1/auth/users/login`. With OpenAPI auth off every login succeeds with the
 * `AUTH_DISABLED` token, so clients configured with credentials keep working (Python aborts otherwise).
 */
export function registerAuthRoutes(app: FastifyInstance): void {
  const login = async (req: FastifyRequest) => {
    const username = optional(requestParams(req), 'username') ?? '';
    return { accessToken: 'AUTH_DISABLED', tokenTtl: DEFAULT_TOKEN_TTL_SECONDS, globalAdmin: true, username };
  };
  for (const path of ['/nacos/v1/auth/login', '/nacos/v1/auth/users/login']) {
    app.get(path, login);
    app.post(path, login);
  }
}
