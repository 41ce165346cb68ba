import type { ServiceKeyParam } from '@tsnacos/protocol';

/** Every console route (relative to the router base /rnacos) and the links that carry query parameters. */
export const paths = {
  home: '/',
  notFound: '/404',
  noPermission: '/nopermission',
  login: '/p/login',
  manage: '/manage',
  configs: '/manage/configs',
  configHistory: '/manage/config/history',
  configListeners: '/manage/config/listeners',
  services: '/manage/service',
  subscribers: '/manage/subscriber',
  instances: '/manage/service/instance',
  namespaces: '/manage/namespace',
  transfer: '/manage/transfer',
  users: '/manage/user',
  audit: '/manage/audit',
  cluster: '/manage/cluster',
  about: '/manage/about',
  monitor: '/manage/appmonitor',
  toolSpecs: '/manage/mcptoolspec',
  toolSpecDetail: '/manage/mcptoolspec/detail',
  mcpServers: '/manage/mcpserver',
  aiMcpServers: '/manage/ai/mcp',
  aiAgents: '/manage/ai/a2a',
} as const;

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** A service as the console's links and requests name it. */
export type ServiceRef = Required<ServiceKeyParam>;

export interface ConfigRef {
  namespaceId: string;
  group: string;
  dataId: string;
}

/** A tool spec as the console's links name it. */
export interface ToolSpecRef {
  namespaceId: string;
  group: string;
  toolName: string;
}

export const hrefs = {
  notFound: (fullPath: string) => withQuery(paths.notFound, { path: fullPath }),
  instances: (s: ServiceRef) => withQuery(paths.instances, { ...s }),
  subscribers: (s: Partial<ServiceRef>) => withQuery(paths.subscribers, { ...s }),
  configHistory: (c: ConfigRef) => withQuery(paths.configHistory, { ...c }),
  toolSpecDetail: (k: ToolSpecRef) => withQuery(paths.toolSpecDetail, { ...k }),
  /** One MCP server's page: the list path with its id (the route the roles open). */
  mcpServer: (namespaceId: string, id: number) => withQuery(paths.mcpServers, { namespaceId, id: String(id) }),
  /** A registered MCP server (AI registry) by its uuid; a version other than the latest when given. */
  aiMcpServer: (namespaceId: string, id: string, version?: string) =>
    withQuery(paths.aiMcpServers, { namespaceId, id, version }),
  /** A registered agent (AI registry) by its name; a version when given. */
  aiAgent: (namespaceId: string, name: string, version?: string) =>
    withQuery(paths.aiAgents, { namespaceId, name, version }),
};
