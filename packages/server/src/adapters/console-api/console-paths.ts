import { modulesOf, OLD_CONSOLE_MODULES, type Module } from '../../core/auth/permissions.js';

export const API = '/rnacos/api/console';

type Method = 'GET' | 'POST' | 'ALL';
type Rule = readonly [Method, string];

const rules = (method: Method, ...paths: string[]): Rule[] => paths.map((p) => [method, p] as const);
const api = (...paths: string[]) => paths.map((p) => `${API}${p}`);
/** A console page under `/rnacos`, and its un-prefixed legacy path. */
const pages = (...paths: string[]) => rules('GET', ...paths.flatMap((p) => [p, `/rnacos${p}`]));

const CONFIG_READ: Rule[] = [
  ...pages('/manage/configs', '/manage/config/history', '/manage/config/listeners'),
  ...rules('GET', ...api('/configs', '/config/download', '/cs/configs', '/config/history')),
  ...rules('GET', ...api('/v2/config/list', '/v2/config/download', '/v2/config/info', '/v2/config/history')),
  ...rules('GET', ...api('/v2/config/beta', '/v2/config/tag')),
  ...rules('GET', ...api('/v2/config/listeners')),
  ...rules('POST', ...api('/v2/config/download')),
];

const NAMING_READ: Rule[] = [
  ...pages('/manage/service', '/manage/service/instance', '/manage/subscriber'),
  ...rules('GET', ...api('/ns/services', '/ns/service', '/ns/service/subscribers', '/instances', '/ns/instance')),
  ...rules('GET', ...api('/v2/service/list', '/v2/service/subscriber/list', '/v2/instance/list', '/v2/instance/info')),
];

const MCP_TOOL_SPEC_READ: Rule[] = [
  ...pages('/manage/mcptoolspec', '/manage/mcptoolspec/detail'),
  ...rules('GET', ...api('/v2/mcp/toolspec/list', '/v2/mcp/toolspec/info', '/v2/mcp/toolspec/download')),
];

const MCP_SERVER_READ: Rule[] = [
  ...pages('/manage/mcpserver'),
  ...rules('GET', ...api('/v2/mcp/server/list', '/v2/mcp/server/info', '/v2/mcp/server/history')),
  ...rules('GET', ...api('/v2/mcp/server/download', '/v2/mcp/endpoint')),
];

/** The nacos 3 AI registry: MCP servers and A2A agents that clients register (not the ones hosted here). */
const AI_REGISTRY_READ: Rule[] = [
  ...pages('/manage/ai/mcp', '/manage/ai/a2a'),
  ...rules('GET', ...api('/v2/ai/mcp/list', '/v2/ai/mcp/info', '/v2/ai/a2a/list', '/v2/ai/a2a/info')),
];

/**
 * Which paths each module opens, matched exactly (no prefixes) with the method. A path in no module is
 * refused to every logged-in user.
 */
const PATHS: Record<Module, Rule[]> = {
  BASE: [
    ...rules(
      'GET',
      '/',
      '/404',
      '/nopermission',
      '/p/login',
      '/manage/about',
      '/rnacos',
      '/rnacos/',
      '/rnacos/index.html',
    ),
    ...rules('GET', '/rnacos/404', '/rnacos/nopermission', '/rnacos/p/login', '/rnacos/manage/about'),
    ...rules('ALL', ...api('/login/login', '/login/captcha', '/login/logout', '/user/reset_password')),
    ...rules(
      'ALL',
      ...api('/v2/login/login', '/v2/login/captcha', '/v2/login/logout', '/v2/login/config', '/v2/login/oauth2/login'),
    ),
    ...rules('ALL', ...api('/v2/user/reset_password')),
    ...rules(
      'GET',
      ...api(
        '/namespaces',
        '/user/info',
        '/user/web_resources',
        '/v2/user/info',
        '/v2/user/web_resources',
        '/v2/namespaces/list',
      ),
    ),
  ],
  CLUSTER_VISITOR: [
    ...pages('/manage/cluster'),
    ...rules('GET', ...api('/cluster/cluster_node_list', '/v2/cluster/cluster_node_list')),
  ],
  NAMESPACE_MANAGE: [
    ...pages('/manage/namespace'),
    ...rules('ALL', ...api('/namespaces', '/v2/namespaces/add', '/v2/namespaces/update', '/v2/namespaces/remove')),
  ],
  USER_MANAGE: [
    ...pages('/manage/user'),
    ...rules('GET', ...api('/user/list', '/user/info', '/v2/user/list', '/v2/user/info')),
    ...rules(
      'ALL',
      ...api('/user/add', '/user/update', '/user/remove', '/v2/user/add', '/v2/user/update', '/v2/user/remove'),
    ),
  ],
  CONFIG_VISITOR: CONFIG_READ,
  CONFIG_MANAGE: [
    ...CONFIG_READ,
    ...rules('ALL', '/manage/configs', '/rnacos/manage/configs'),
    ...rules('POST', ...api('/config/download')),
    ...rules('ALL', ...api('/config/import', '/cs/configs')),
    ...rules(
      'ALL',
      ...api('/v2/config/import', '/v2/config/add', '/v2/config/update', '/v2/config/remove', '/v2/config/clone'),
    ),
    ...rules('POST', ...api('/v2/config/beta/publish', '/v2/config/beta/stop', '/v2/config/beta/promote')),
    ...rules('POST', ...api('/v2/config/tag/publish', '/v2/config/tag/stop', '/v2/config/tag/promote')),
  ],
  NAMING_VISITOR: NAMING_READ,
  NAMING_MANAGE: [
    ...NAMING_READ,
    ...rules('ALL', ...api('/ns/service', '/ns/instance')),
    ...rules('ALL', ...api('/v2/service/add', '/v2/service/update', '/v2/service/remove')),
    ...rules('ALL', ...api('/v2/instance/add', '/v2/instance/update', '/v2/instance/remove')),
  ],
  METRICS_VISITOR: [
    ...pages('/manage/appmonitor'),
    ...rules('ALL', ...api('/v2/metrics/timeline')),
    ...rules('GET', ...api('/cluster/cluster_node_list', '/v2/cluster/cluster_node_list')),
  ],
  MCP_TOOL_SPEC_VISITOR: MCP_TOOL_SPEC_READ,
  MCP_TOOL_SPEC_MANAGE: [
    ...MCP_TOOL_SPEC_READ,
    ...rules('POST', ...api('/v2/mcp/toolspec/add', '/v2/mcp/toolspec/update', '/v2/mcp/toolspec/remove')),
    ...rules('POST', ...api('/v2/mcp/toolspec/batch_update', '/v2/mcp/toolspec/import')),
  ],
  MCP_SERVER_VISITOR: MCP_SERVER_READ,
  MCP_SERVER_MANAGE: [
    ...MCP_SERVER_READ,
    ...rules('POST', ...api('/v2/mcp/server/add', '/v2/mcp/server/update', '/v2/mcp/server/remove')),
    ...rules('POST', ...api('/v2/mcp/server/publish', '/v2/mcp/server/publish/history', '/v2/mcp/server/import')),
    ...rules('POST', ...api('/v2/mcp/server/tool/call')),
  ],
  AI_REGISTRY_VISITOR: AI_REGISTRY_READ,
  AI_REGISTRY_MANAGE: [...AI_REGISTRY_READ, ...rules('POST', ...api('/v2/ai/mcp/remove', '/v2/ai/a2a/remove'))],
  AUDIT_VISITOR: [...pages('/manage/audit'), ...rules('GET', ...api('/v2/audit/list', '/v2/audit/export'))],
  TRANSFER_MANAGE: [
    ...pages('/manage/transfer'),
    ...rules('GET', ...api('/transfer/export')),
    ...rules('ALL', ...api('/transfer/import')),
    ...rules('GET', ...api('/backup/download')),
  ],
};

const INDEX: Record<Module, Map<string, Set<Method>>> = Object.fromEntries(
  Object.entries(PATHS).map(([module, list]) => {
    const byPath = new Map<string, Set<Method>>();
    for (const [method, path] of list) {
      if (!byPath.has(path)) byPath.set(path, new Set());
      byPath.get(path)!.add(method);
    }
    return [module, byPath];
  }),
) as Record<Module, Map<string, Set<Method>>>;

/** Every console API path some role (or the no-login console) opens, with the methods: the console's route table. */
export function consoleApiRules(): { method: Method; path: string }[] {
  const seen = new Map<string, { method: Method; path: string }>();
  const all = [...Object.values(PATHS).flat(), ...[...OLD_CONSOLE_ONLY].map((p) => ['ALL', p] as const)];
  for (const [method, path] of all) {
    if (path.startsWith(`${API}/`)) seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

/** Whether any of the roles opens `path` for `method` (HEAD counts as GET). */
export function pathAllowed(roles: readonly string[], method: string, path: string): boolean {
  return pathOpenIn(modulesOf(roles), method, path);
}

/** Whether any of the modules opens `path` for `method`. */
function pathOpenIn(modules: Iterable<Module>, method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  for (const module of modules) {
    const methods = INDEX[module].get(path);
    if (methods && (methods.has('ALL') || methods.has(m as Method))) return true;
  }
  return false;
}

/** The v2 transfer routes are in no role: only the no-login console reaches them, as in r-nacos. */
const OLD_CONSOLE_ONLY = new Set(api('/v2/transfer/export', '/v2/transfer/import'));

/** What the no-login console may call: its modules' paths and the v2 transfer routes. */
export function oldConsoleAllows(method: string, path: string): boolean {
  return OLD_CONSOLE_ONLY.has(path) || pathOpenIn(OLD_CONSOLE_MODULES, method, path);
}

/** A console page some role opens (the others are unknown to every role, and the console shows its 404). */
export function isKnownPage(path: string): boolean {
  return Object.values(INDEX).some((byPath) => byPath.get(path)?.has('GET') === true);
}

/** Paths that need no login: the login page and calls, and static files. */
const PUBLIC_PATHS = new Set([
  '/rnacos/p/login',
  '/rnacos/404',
  ...api(
    '/login/login',
    '/login/captcha',
    '/v2/login/login',
    '/v2/login/captcha',
    '/v2/login/config',
    '/v2/login/oauth2/login',
    '/v2/login/oauth2/authorize',
    '/v2/login/oauth2/callback',
  ),
]);
const STATIC_FILE = /\.(js|mjs|css|map|png|jpe?g|gif|bmp|svg|ico|webp|woff2?|ttf|txt|md)$/i;
/** The documentation rendered at build time (public, as the markdown it comes from). */
const DOCS_PAGE = /^\/rnacos\/docs\/[\w.-]+\.html$/;

/** Un-prefixed pages of older consoles only redirect to `/rnacos/...`, which is checked in turn. */
const LEGACY_PAGES = new Set(['/', '/index.html', '/404', '/nopermission']);
const API_PREFIX = `${API}/`;

function isLegacyPagePath(path: string): boolean {
  return LEGACY_PAGES.has(path) || path.startsWith('/manage/') || path.startsWith('/p/');
}

export function isPublicPath(method: string, path: string): boolean {
  if (PUBLIC_PATHS.has(path)) return true;
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (isLegacyPagePath(path)) return true;
  return (
    !path.startsWith(API_PREFIX) &&
    (path.startsWith('/rnacos/assets/') || STATIC_FILE.test(path) || DOCS_PAGE.test(path))
  );
}

/** API calls get an envelope when refused; anything else is a page and gets a redirect. */
export function isApiPath(path: string): boolean {
  return /\/(api|nacos)\//i.test(path);
}
