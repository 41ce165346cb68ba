import type { RegisteredRoute } from './registered-routes.js';

/** The document's tags: each route's family, in the order the document lists them. */
export const FAMILIES = {
  config: 'Configs: publish, read, listen, history, gray releases (OpenAPI v1, v2, v3)',
  naming: 'Services and instances (OpenAPI v1, v2, v3)',
  namespace: 'Namespaces',
  auth: 'Logins, users and roles',
  core: 'Server state, cluster members, client load',
  'health and metrics': 'Probes and Prometheus metrics',
  'AI registry': 'The nacos 3 AI registry: MCP servers and A2A agents, the MCP Registry API',
  MCP: "MCP servers hosted here: r-nacos's open lists and the MCP endpoints",
  backup: "r-nacos's backup download",
  pages: 'Web pages: the console and its static files, or a page pointing to the console port',
  console: 'The console API: login, users, namespaces, configs, services, MCP, transfer, audit',
  'console (older OpenAPI)': 'OpenAPI routes older consoles call under console paths',
} as const;

export type Family = keyof typeof FAMILIES;

/** First match wins. */
const SDK_RULES: [RegExp, Family][] = [
  [
    /^\/nacos\/v1\/console\/namespaces|^\/nacos\/v2\/console\/namespace|^\/nacos\/v3\/admin\/core\/namespace/,
    'namespace',
  ],
  [/^\/nacos\/v[123]\/cs\/|^\/nacos\/v3\/(admin|client)\/cs\//, 'config'],
  [/^\/nacos\/v[12]\/ns\/|^\/nacos\/v3\/(admin|client)\/ns\//, 'naming'],
  [/^\/(nacos\/v[13]|rnacos\/v1)\/auth\//, 'auth'],
  [/^\/nacos\/v1\/console\/health\/|^\/nacos\/v3\/admin\/core\/state\/|\/health$|\/metrics$/, 'health and metrics'],
  [/^\/nacos\/v[12]\/core\/|^\/nacos\/v3\/admin\/core\/|^\/nacos\/v1\/console\/server\/state$/, 'core'],
  [/^\/nacos\/v3\/admin\/ai\/|^\/v0(\.1)?\//, 'AI registry'],
  [/^\/rnacos\/(v1\/)?mcp\//, 'MCP'],
  [/^\/rnacos\/backup$/, 'backup'],
];

export function familyOf(route: RegisteredRoute): Family {
  if (route.port === 'console') {
    if (route.url.startsWith('/rnacos/api/console/')) return 'console';
    return route.url.startsWith('/nacos/') ? 'console (older OpenAPI)' : 'pages';
  }
  return SDK_RULES.find(([pattern]) => pattern.test(route.url))?.[1] ?? 'pages';
}
