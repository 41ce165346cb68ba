import type { UserPermissions } from '@tsnacos/protocol';

/** What GET /v2/user/web_resources answers. */
export type WebResources = UserPermissions;

const OLD_CONSOLE = 'OLD_CONSOLE';
const RESOURCE = {
  CONFIG_UPDATE: 'CONFIG_UPDATE',
  SERVICE_UPDATE: 'SERVICE_UPDATE',
  NAMESPACE_UPDATE: 'NAMESPACE_UPDATE',
  MCP_TOOL_SPEC_UPDATE: 'MCP_TOOL_SPEC_UPDATE',
  MCP_SERVER_UPDATE: 'MCP_SERVER_UPDATE',
  AI_REGISTRY_UPDATE: 'AI_REGISTRY_UPDATE',
} as const;

/** The console's view of the signed-in user: menus and buttons follow it. */
export interface ConsoleState {
  /** False until the web resources answer arrived. */
  fromRequest: boolean;
  resources: ReadonlySet<string>;
  isOldConsole: boolean;
  canUpdateConfig: boolean;
  canUpdateService: boolean;
  canUpdateNamespace: boolean;
  canUpdateToolSpec: boolean;
  canUpdateMcpServer: boolean;
  /** May delete what clients registered in the nacos 3 AI registry (MCP servers, agents). */
  canUpdateAiRegistry: boolean;
  version: string;
  username: string | null;
  /** False for users who log in through LDAP or OAuth2: they have no password here to change. */
  hasOwnPassword: boolean;
  /** For admins: the admin that still has the default password (the console warns), else null. */
  defaultPasswordUser: string | null;
}

export const UNKNOWN_VERSION = 'unknown';

/** Before the answer (or after clearing): full update permissions, old console, version unknown. */
export const DEFAULT_CONSOLE_STATE: ConsoleState = {
  fromRequest: false,
  resources: new Set(),
  isOldConsole: true,
  canUpdateConfig: true,
  canUpdateService: true,
  canUpdateNamespace: true,
  canUpdateToolSpec: true,
  canUpdateMcpServer: true,
  canUpdateAiRegistry: true,
  version: UNKNOWN_VERSION,
  username: null,
  hasOwnPassword: true,
  defaultPasswordUser: null,
};

export function toConsoleState(data: WebResources | null | undefined): ConsoleState {
  if (!data) return DEFAULT_CONSOLE_STATE;
  const resources = new Set(data.resources ?? []);
  return {
    fromRequest: true,
    resources,
    isOldConsole: data.from === OLD_CONSOLE,
    canUpdateConfig: resources.has(RESOURCE.CONFIG_UPDATE),
    canUpdateService: resources.has(RESOURCE.SERVICE_UPDATE),
    canUpdateNamespace: resources.has(RESOURCE.NAMESPACE_UPDATE),
    canUpdateToolSpec: resources.has(RESOURCE.MCP_TOOL_SPEC_UPDATE),
    canUpdateMcpServer: resources.has(RESOURCE.MCP_SERVER_UPDATE),
    canUpdateAiRegistry: resources.has(RESOURCE.AI_REGISTRY_UPDATE),
    version: data.version || UNKNOWN_VERSION,
    username: data.username ?? null,
    hasOwnPassword: !data.userSource || data.userSource === 'INNER',
    defaultPasswordUser: data.defaultPasswordUser ?? null,
  };
}
