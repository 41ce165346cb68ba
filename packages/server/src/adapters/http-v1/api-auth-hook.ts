import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiAccessGuard, ApiAction, ApiCredentials } from '../../core/auth/api-access.js';
import { namespacesVisibleTo, permitsAllNamespaces } from '../../core/auth/permissions.js';
import { ALL_NAMESPACES, type NamespacePrivilege } from '../../core/auth/user-model.js';
import { NacosError } from '../../shared/errors.js';
import { clientIp, optional, requestParams, type Params } from '../http-common/params.js';
import type { RequestStage } from '../http-common/request-pipeline.js';
import { requestNamespaces } from './request-namespace.js';

/** The SDK login routes (auth-routes.ts): nacos's three, and r-nacos's own `/rnacos/v1/auth/user/login`. */
export const LOGIN_ROUTES = [
  '/nacos/v1/auth/login',
  '/nacos/v1/auth/users/login',
  '/nacos/v3/auth/user/login',
  '/rnacos/v1/auth/user/login',
] as const;

/** nacos 3's server state and probes, which nacos leaves unsecured (the admin SDK's server check). */
export const V3_STATE_ROUTES = [
  '/nacos/v3/admin/core/state',
  '/nacos/v3/admin/core/state/liveness',
  '/nacos/v3/admin/core/state/readiness',
] as const;

/**
 * Routes anyone may call: logins, probes (the nodes' own too) and metrics; and the nodes' calls to each
 * other, which check their own signature (cluster-peers/peer-auth.ts).
 */
export const EXEMPT_ROUTES: ReadonlySet<string> = new Set([
  '/nacos/v1/core/cluster/store-health',
  '/nacos/v1/core/cluster/peer/listeners',
  ...LOGIN_ROUTES,
  '/nacos/v1/console/health/liveness',
  '/nacos/v1/console/health/readiness',
  '/nacos/v1/console/server/state',
  ...V3_STATE_ROUTES,
  // nacos 3's first-admin setup, open there too; here an admin always exists, so it only ever refuses
  '/nacos/v3/auth/user/admin',
  '/nacos/health',
  '/nacos/metrics',
]);

const LISTENER = '/nacos/v1/cs/configs/listener';
/** Non-GET routes that only read (long-poll listener, naming queries sent as POST by some clients). */
const READ_ROUTES = new Set([LISTENER, '/nacos/v1/ns/instance/list', '/nacos/v1/ns/service/list']);

/** In the order nacos servers look: `Authorization` (Bearer or bare), `accessToken` header or parameter, then username/password. */
function credentialsOf(headers: IncomingHttpHeaders, params: Params, ip: string): ApiCredentials {
  const authorization = headers.authorization;
  const header = headers.accesstoken;
  const bearer = typeof authorization === 'string' ? authorization.replace(/^Bearer\s+/i, '').trim() : undefined;
  return {
    accessToken: bearer || (typeof header === 'string' ? header.trim() : undefined) || optional(params, 'accessToken'),
    username: optional(params, 'username'),
    password: params.password,
    source: ip,
  };
}

/** GET routes that change something. */
const WRITE_ROUTES = new Set(['/nacos/v2/core/loader/reloadCurrent']);

/** What a request on `route` does, for the access check: read or write. */
export function actionOf(method: string, route: string): ApiAction {
  if (WRITE_ROUTES.has(route)) return 'write';
  return method === 'GET' || method === 'HEAD' || READ_ROUTES.has(route) ? 'read' : 'write';
}

/** The namespace privilege of callers the check admitted, where it does not open every namespace. */
const callerPrivileges = new WeakMap<FastifyRequest, NamespacePrivilege>();

/**
 * Which namespaces the caller may see, for answers that list them: those of its privilege when OpenAPI auth
 * admitted it by a user who may not see every one; every namespace otherwise (auth off).
 */
export function namespacesVisibleToCaller(req: FastifyRequest): (namespaceId: string) => boolean {
  return namespacesVisibleTo(callerPrivileges.get(req) ?? ALL_NAMESPACES);
}

/** What nacos clients get on a refused call (r-nacos' body; clients act on the 403). */
export function sendForbidden(req: FastifyRequest, reply: FastifyReply, message: string): FastifyReply {
  return reply
    .code(403)
    .type('application/json;charset=UTF-8')
    .send({
      timestamp: new Date().toISOString(),
      status: 403,
      error: 'Forbidden',
      message,
      path: req.url.split('?')[0],
    });
}

/**
 * The routes under OpenAPI auth: nacos's, r-nacos's own OpenAPI (`/rnacos/v1/`: its MCP lists), as in
 * r-nacos, and the MCP Registry API (`/v0/`, `/v0.1/`), as nacos guards it.
 */
export const guardedRoute = (route: string) =>
  route.startsWith('/nacos/') ||
  route.startsWith('/rnacos/v1/') ||
  route.startsWith('/v0/') ||
  route.startsWith('/v0.1/');

/**
 * OpenAPI auth on the SDK port: every `/nacos/**` and `/rnacos/v1/**` route except logins, probes and metrics
 * needs a user who may read (GET and listeners) or write (other methods) the namespace the request acts on,
 * as the route itself resolves it (request-namespace.ts); a request naming two namespaces is refused with
 * 400 first.
 * The fast paths ask `admitsNow`: a token that may is let through at once, anything else goes to fastify.
 */
export function apiAuthStage(guard: ApiAccessGuard): RequestStage {
  return {
    name: 'api-auth',
    active: guard.enabled,
    async before(req, reply) {
      const route = req.routeOptions.url;
      if (!route || !guardedRoute(route) || EXEMPT_ROUTES.has(route)) return;
      const namespaces = requestNamespaces(req);
      const credentials = credentialsOf(req.headers, requestParams(req), clientIp(req));
      const action = actionOf(req.method, route);
      const adminOnly = req.routeOptions.config?.adminOnly === true;
      try {
        let privilege: NamespacePrivilege | undefined;
        for (const namespaceId of namespaces) {
          privilege = await guard.check(credentials, { namespaceId, action, adminOnly });
        }
        if (privilege && !permitsAllNamespaces(privilege)) callerPrivileges.set(req, privilege);
      } catch (err) {
        if (err instanceof NacosError && err.kind === 'forbidden') return sendForbidden(req, reply, err.message);
        throw err;
      }
    },
    // a fast path's request (one namespace, parameters in the query) with a token judged at once
    admitsNow(request) {
      if (EXEMPT_ROUTES.has(request.route)) return true;
      const credentials = credentialsOf(request.headers, request.params, request.ip);
      const resource = { namespaceId: request.namespaceId ?? '', action: actionOf(request.method, request.route) };
      try {
        return guard.checkNow?.(credentials, resource) === true;
      } catch {
        return false; // refused: the route's check answers it, with the same message
      }
    },
  };
}
