import type { IncomingHttpHeaders } from 'node:http';
import { consoleRedirectPath } from '@tsnacos/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, Identity } from '../../core/auth/auth-service.js';
import { isAdmin, namespacePermitted, namespacesVisibleTo } from '../../core/auth/permissions.js';
import { ALL_NAMESPACES, ROLE_DEVELOPER, type NamespacePrivilege } from '../../core/auth/user-model.js';
import { isApiPath, isKnownPage, isPublicPath, oldConsoleAllows, pathAllowed } from './console-paths.js';
import { legacyConsolePathOf } from './legacy-openapi-paths.js';
import { ConsoleError, noLogin, noPermission } from './envelope.js';

/** Who is calling the console API. */
export interface ConsolePrincipal {
  /** null in the no-login console (old console mode). */
  username: string | null;
  nickname: string;
  roles: string[];
  namespacePrivilege: NamespacePrivilege;
  /** The session token, to end it on logout or keep it on a password change. */
  identity: Identity | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    consolePrincipal: ConsolePrincipal | null;
  }
}

/** The no-login console acts as a developer on every namespace, as r-nacos does. */
export const OLD_CONSOLE_PRINCIPAL: ConsolePrincipal = Object.freeze({
  username: null,
  nickname: '',
  roles: [ROLE_DEVELOPER],
  namespacePrivilege: ALL_NAMESPACES,
  identity: null,
});

export const TOKEN_COOKIE = 'token';
const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** The path the client asked for (before the console's URL rewrites), without the query. */
function requestPath(req: FastifyRequest): string {
  const url = req.originalUrl;
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/**
 * The path whose rights are judged. For a call the router matched to a route of its own (not the pages'
 * wildcard), the route's registered path: the router decodes what it matches (`/v2/user/%61dd` runs
 * `/v2/user/add`), so rights judged on the path as written would let other spellings through. The
 * OpenAPI paths older consoles call are judged as the console paths they are rewritten from. Otherwise
 * (pages, static files, calls no route serves) the path as asked for.
 */
function judgedPath(req: FastifyRequest): string {
  const asked = requestPath(req);
  const route = ownRoute(req);
  if (route === undefined) return asked;
  return legacyConsolePathOf(route) === asked ? asked : route;
}

/** The registered path of the route the router matched, unless none or the pages' wildcard matched. */
function ownRoute(req: FastifyRequest): string | undefined {
  const route = req.routeOptions.url;
  return route === undefined || route.includes('*') ? undefined : route;
}

/** A route that must not run without a principal: any matched route but the pages' and public paths'. */
function needsPrincipal(req: FastifyRequest): boolean {
  return ownRoute(req) !== undefined && !isPublicPath(req.method, judgedPath(req));
}

/**
 * Resolved against a fixed origin: only the target's path, query and fragment are ever sent back, so the
 * request's Host header has no say.
 */
const REDIRECT_ORIGIN = 'http://console.invalid';

/**
 * A console page to send the browser to, judged as the browser will read the value (`consoleRedirectPath`)
 * and returned as parsed; null for anything else (another site, `/\t/host`, `javascript:`).
 */
export function consoleRedirectTarget(value: unknown): string | null {
  return consoleRedirectPath(value, REDIRECT_ORIGIN);
}

/** The login page, with the page asked for when it is one of the console's. */
function loginPageFor(url: string): string {
  const target = consoleRedirectTarget(url);
  return target ? `/rnacos/p/login?redirect_url=${encodeURIComponent(target)}` : '/rnacos/p/login';
}

/**
 * Browsers share a host's cookies across its ports, so two servers on one host would overwrite each other's
 * `token`. Each console port also gets its own cookie, `token_<port>` (the port the browser asked for).
 */
export function portTokenCookie(req: TokenSource): string {
  const port = hostPort(req.headers.host ?? '') ?? String(req.socket.localPort ?? '');
  return `${TOKEN_COOKIE}_${port}`;
}

/** The digits after the Host header's last colon, when it ends with some (read on every console request). */
function hostPort(host: string): string | undefined {
  const colon = host.lastIndexOf(':');
  if (colon < 0 || colon === host.length - 1) return undefined;
  for (let i = colon + 1; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
  }
  return host.slice(colon + 1);
}

/** What the token is read from: a fastify request, or a node one before fastify (a fast path). */
interface TokenSource {
  headers: IncomingHttpHeaders;
  socket: { localPort?: number };
}

/**
 * The console token: this port's cookie, else the `token` cookie, else the `Token` header. `cookies` as the
 * cookie plugin parses them (a fastify request's own by default).
 */
export function consoleToken(
  req: TokenSource & { cookies?: Record<string, string | undefined> },
  cookies = req.cookies,
): string | undefined {
  const header = req.headers.token;
  return (
    cookies?.[portTokenCookie(req)] || cookies?.[TOKEN_COOKIE] || (typeof header === 'string' ? header : undefined)
  );
}

/**
 * A path the caller's roles do not open: API calls get `NO_PERMISSION` (header `No-Permission: 1`), known
 * pages a redirect to the no-permission page; pages no role knows pass on to the console, which shows its
 * 404 page (or the default page for `/rnacos/manage`).
 */
function refuse(req: FastifyRequest, reply: FastifyReply, path: string) {
  // An API path that no route serves, whatever the method, is not a matter of rights: NOT_FOUND answers it.
  const routed = req.url.split('?')[0]; // after the console's URL rewrites
  const served =
    ownRoute(req) !== undefined || ROUTE_METHODS.some((method) => req.server.hasRoute({ method, url: routed }));
  if (isApiPath(path) && !served) return undefined;
  if (isApiPath(path)) return reply.header('No-Permission', '1').send(noPermission());
  if (!isKnownPage(path)) return undefined;
  return reply.redirect(`/rnacos/nopermission?path=${path}`);
}

/**
 * Every console request: public paths pass; otherwise a live session is required (API calls get `NO_LOGIN`
 * with header `No-Login: 1`, pages a redirect to the login page) and the user's roles must open the path.
 */
export function registerConsoleLogin(app: FastifyInstance, auth: AuthService): void {
  app.addHook('onRequest', async (req, reply) => {
    const path = judgedPath(req);
    if (isPublicPath(req.method, path)) return;
    const identity = auth.identify('console', consoleToken(req));
    if (!identity) {
      if (isApiPath(path)) return reply.header('No-Login', '1').send(noLogin());
      return reply.redirect(loginPageFor(req.originalUrl));
    }
    if (!pathAllowed(identity.user.roles, req.method, path)) return refuse(req, reply, path);
    req.consolePrincipal = {
      username: identity.user.username,
      nickname: identity.user.nickname,
      roles: identity.user.roles,
      namespacePrivilege: identity.user.namespacePrivilege,
      identity,
    };
  });
  refuseWithoutPrincipal(app);
}

/**
 * The last word, whatever the hooks before decided: a route that is not public never runs without a
 * principal, so a path the checks above failed to recognise is refused rather than served to anyone.
 */
function refuseWithoutPrincipal(app: FastifyInstance): void {
  // a callback hook: it runs on every console request, and an async one costs a promise each time
  app.addHook('preHandler', (req, reply, done) => {
    if (req.consolePrincipal || !needsPrincipal(req)) {
      done();
      return;
    }
    // a hook that answers does not call done: the reply ends the request
    if (isApiPath(judgedPath(req))) reply.header('No-Login', '1').send(noLogin());
    else reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}

/**
 * Old console mode: no login (only on the SDK port, and only when asked for), with a developer's paths and
 * transfer files without their users: without a session nobody may see or change users or passwords.
 */
export function registerOldConsolePrincipal(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    const path = judgedPath(req);
    if (!isPublicPath(req.method, path) && !oldConsoleAllows(req.method, path)) {
      return refuse(req, reply, path);
    }
    req.consolePrincipal = OLD_CONSOLE_PRINCIPAL;
  });
  refuseWithoutPrincipal(app);
}

export function principalOf(req: FastifyRequest): ConsolePrincipal {
  const principal = req.consolePrincipal;
  if (!principal) throw new ConsoleError('NO_LOGIN', null);
  return principal;
}

/**
 * A preHandler for routes only admins may use (other modules can guard their own console routes with it).
 * The old console is no admin: it has no session.
 */
export async function requireConsoleAdmin(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const principal = req.consolePrincipal;
  if (!principal) {
    await reply.header('No-Login', '1').send(noLogin());
  } else if (!isAdmin(principal.roles)) {
    await reply.header('No-Permission', '1').send(noPermission());
  }
}

/** Throws `NO_NAMESPACE_PERMISSION` unless the caller may touch the namespace. */
export function requireNamespace(req: FastifyRequest, namespaceId: string, status = 200): void {
  if (!namespacePermitted(principalOf(req).namespacePrivilege, namespaceId)) {
    throw new ConsoleError(
      'NO_NAMESPACE_PERMISSION',
      `user no such namespace permission: ${JSON.stringify(namespaceId)}`,
      status,
    );
  }
}

/** A filter keeping the namespaces the caller may see. */
export function namespaceFilter(req: FastifyRequest): (namespaceId: string) => boolean {
  return namespacesVisibleTo(principalOf(req).namespacePrivilege);
}
