import { API } from './console-paths.js';

/** How a console write is recorded. */
export interface ConsoleAuditAction {
  action: string;
  /**
   * The config service records these itself (in the write's transaction): the console adds a row only for
   * a refusal that stopped the request before it reached the service.
   */
  recordedByService?: boolean;
}

/** Calls sent as POST that change nothing. */
const READS = new Set(['/metrics/timeline', '/config/download', '/login/captcha', '/login/config']);

/** Names that do not follow from the path. */
const NAMED: Record<string, ConsoleAuditAction> = {
  'POST /namespaces': { action: 'namespace.create' },
  'PUT /namespaces': { action: 'namespace.update' },
  'DELETE /namespaces': { action: 'namespace.delete' },
  '/config/add': { action: 'config.publish', recordedByService: true },
  '/config/update': { action: 'config.publish', recordedByService: true },
  '/config/remove': { action: 'config.delete', recordedByService: true },
  '/config/beta/publish': { action: 'config.gray.publish', recordedByService: true },
  '/config/beta/stop': { action: 'config.gray.delete', recordedByService: true },
  // one row for the publish and the gray removal, written in their transaction
  '/config/beta/promote': { action: 'config.gray.promote', recordedByService: true },
  '/config/tag/publish': { action: 'config.gray.publish', recordedByService: true },
  '/config/tag/stop': { action: 'config.gray.delete', recordedByService: true },
  '/config/tag/promote': { action: 'config.gray.promote', recordedByService: true },
  '/user/reset_password': { action: 'user.password' },
  '/login/login': { action: 'login' },
  '/login/oauth2/login': { action: 'login.oauth2' },
  '/login/logout': { action: 'logout' },
};

const VERBS: Record<string, string> = { add: 'create', remove: 'delete', namespaces: 'namespace' };

/**
 * The audit action of a console API write (any method but GET and HEAD) on its registered route; null for a
 * route that only reads. Unlisted routes are named after their path (`/v2/mcp/server/add` ->
 * `mcp.server.create`), so a new write route is recorded without being listed here.
 */
export function consoleAuditAction(method: string, route: string): ConsoleAuditAction | null {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || !route.startsWith(`${API}/`)) return null;
  const path = route.slice(API.length).replace(/^\/v2(?=\/)/, '');
  if (READS.has(path)) return null;
  const named = NAMED[`${method} ${path}`] ?? NAMED[path];
  if (named) return named;
  const action = path
    .split('/')
    .filter(Boolean)
    .map((segment) => VERBS[segment] ?? segment)
    .join('.');
  return { action };
}
