import type { OpenAPIV3_1 } from 'openapi-types';
import { isPublicPath, pathAllowed } from '../../src/adapters/console-api/console-paths.js';
import { legacyConsolePathOf } from '../../src/adapters/console-api/legacy-openapi-paths.js';
import { PEER_AUTH_HEADER } from '../../src/adapters/cluster-peers/peer-auth.js';
import { actionOf, EXEMPT_ROUTES, guardedRoute } from '../../src/adapters/http-v1/api-auth-hook.js';
import { ROLE_ADMIN, ROLE_DEVELOPER, ROLE_GUEST } from '../../src/core/auth/user-model.js';
import type { RegisteredRoute } from './registered-routes.js';

/** How a caller gets through, as the document's security schemes name it. */
export const SECURITY_SCHEMES: Record<string, OpenAPIV3_1.SecuritySchemeObject> = {
  accessToken: {
    type: 'apiKey',
    in: 'query',
    name: 'accessToken',
    description:
      'The token a login route answers (also taken from the `accessToken` header, or `Authorization: Bearer`; ' +
      '`username` and `password` parameters work too). Checked only while RNACOS_ENABLE_OPEN_API_AUTH is true.',
  },
  bearer: { type: 'http', scheme: 'bearer', description: 'The login token as `Authorization: Bearer <token>`.' },
  consoleSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'token',
    description: 'The console session a console login sets (cookie `token_<port>` or `token`, or the `Token` header).',
  },
  backupToken: { type: 'apiKey', in: 'query', name: 'token', description: 'RNACOS_BACKUP_TOKEN.' },
  peerSignature: {
    type: 'apiKey',
    in: 'header',
    name: PEER_AUTH_HEADER,
    description: 'Calls between the nodes of a cluster, signed with the key they share through the database.',
  },
};

/** What a route asks of its caller: `x-access` names it, `security` lists the schemes. */
export interface RouteAccess {
  access: string;
  security: OpenAPIV3_1.SecurityRequirementObject[];
  /** Console port: the roles that open the route. */
  roles?: string[];
}

const OPEN: RouteAccess = { access: 'public', security: [] };
const ROLES: Record<string, string> = { [ROLE_ADMIN]: 'admin', [ROLE_DEVELOPER]: 'developer', [ROLE_GUEST]: 'guest' };

/**
 * Read from what the auth hooks decide by: the SDK port's guarded and exempt routes, the read/write action
 * and `adminOnly` (api-auth-hook.ts); the console's public paths and role table (console-paths.ts).
 */
export function routeAccess(route: RegisteredRoute): RouteAccess {
  return route.port === 'sdk' ? sdkAccess(route) : consoleAccess(route);
}

function sdkAccess(route: RegisteredRoute): RouteAccess {
  if (route.url === '/rnacos/backup') return { access: 'backup token', security: [{ backupToken: [] }] };
  if (route.fastPath) return { access: 'MCP server auth key (in the path)', security: [] };
  if (route.clusterOnly) return { access: 'cluster peers', security: [{ peerSignature: [] }] };
  if (!guardedRoute(route.url) || EXEMPT_ROUTES.has(route.url)) return OPEN;
  const access = route.adminOnly ? 'admin' : actionOf(route.method, route.url);
  return { access, security: [{ accessToken: [] }, { bearer: [] }] };
}

function consoleAccess(route: RegisteredRoute): RouteAccess {
  // older consoles call a few OpenAPI routes under console paths, and are judged by those; a wildcard
  // route as for a page under it (a static file under `/rnacos/*` needs no login)
  const path = legacyConsolePathOf(route.url) ?? route.url.replace(/\*$/, 'page');
  if (isPublicPath(route.method, path)) return OPEN;
  const roles = Object.keys(ROLES)
    .filter((role) => pathAllowed([role], route.method, path))
    .map((role) => ROLES[role]);
  const access =
    roles.length === 1 && roles[0] === 'admin' ? 'admin' : roles.length ? 'console session' : 'no role opens it';
  return { access, security: [{ consoleSession: [] }], roles };
}
