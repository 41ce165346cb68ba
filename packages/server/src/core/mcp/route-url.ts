import { invalid } from '../../shared/errors.js';
import { isAdmin } from '../auth/permissions.js';
import type { RouteRule } from './mcp-model.js';

/**
 * A route that goes to an instance of its service: a path, or a URL whose host is exactly `{IP_PORT}`
 * (`http://x/?to={IP_PORT}` still names its own host). Any other URL is absolute: the server calls the host
 * it names, which only an admin may choose.
 */
export function routesToInstance(url: string): boolean {
  return url.startsWith('/') || /^https?:\/\/\{IP_PORT\}(?:[/?#]|$)/i.test(url);
}

/** Who edits an MCP server (console roles decide whether absolute route URLs may be saved). */
export interface McpEditor {
  user: string;
  roles: readonly string[];
}

/**
 * Refuses a route to an absolute URL unless an admin saves it. Absolute URLs the server already routes to
 * (`kept`, saved earlier by an admin) may stay when a developer saves the server again unchanged there.
 */
export function checkRouteUrls(
  routes: ReadonlyArray<{ routeRule: RouteRule }>,
  editor: McpEditor,
  kept: ReadonlySet<string>,
): void {
  if (isAdmin(editor.roles)) return;
  routes.forEach(({ routeRule: { url } }, i) => {
    if (routesToInstance(url) || kept.has(url)) return;
    throw invalid(
      `tools[${i}].routeRule.url: only an admin may route a tool to an absolute URL (${url}); ` +
        'use a path (/orders/{{id}}) or http://{IP_PORT}/... to call an instance of the service',
    );
  });
}
