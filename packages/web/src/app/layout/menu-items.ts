import type { ConsoleState } from '../../lib/permissions.js';
import { paths } from '../paths.js';

interface MenuEntry {
  /** The route path; also the resource string that grants the entry. */
  key: string;
  /** i18n key of the label. */
  label: string;
}

export interface MenuGroup {
  key: string;
  label: string;
  children: MenuEntry[];
}

export type MenuNode = MenuGroup | MenuEntry;

export const isGroup = (node: MenuNode): node is MenuGroup => 'children' in node;

/** The whole side menu before filtering: config, service, MCP, AI registry and system management groups. */
const SIDE_MENU: MenuNode[] = [
  {
    key: 'config',
    label: 'menu.config_management',
    children: [
      { key: paths.configs, label: 'menu.config_list' },
      { key: paths.configListeners, label: 'menu.config_listeners' },
    ],
  },
  {
    key: 'service',
    label: 'menu.service_management',
    children: [
      { key: paths.services, label: 'menu.service_list' },
      { key: paths.subscribers, label: 'menu.subscriber_list' },
    ],
  },
  {
    key: 'mcp',
    label: 'menu.mcp_management',
    children: [
      { key: paths.toolSpecs, label: 'menu.tool_spec_list' },
      { key: paths.mcpServers, label: 'menu.mcp_server_list' },
    ],
  },
  {
    // what clients register through the nacos 3 AI API, beside the MCP servers hosted here
    key: 'ai',
    label: 'menu.ai_registry',
    children: [
      { key: paths.aiMcpServers, label: 'menu.ai_mcp_server_list' },
      { key: paths.aiAgents, label: 'menu.ai_agent_list' },
    ],
  },
  {
    key: 'system',
    label: 'menu.system_management',
    children: [
      { key: paths.users, label: 'menu.user' },
      { key: paths.namespaces, label: 'menu.namespace' },
      { key: paths.transfer, label: 'menu.transfer' },
      { key: paths.audit, label: 'menu.audit' },
      { key: paths.cluster, label: 'menu.cluster' },
      { key: paths.monitor, label: 'menu.app_monitor' },
      { key: paths.about, label: 'menu.about' },
    ],
  },
];

/**
 * Only entries whose path is among the user's resources; in old console mode every entry but user
 * management and the audit log. Groups left without children are dropped.
 */
export function visibleMenu(state: ConsoleState, menu: MenuNode[] = SIDE_MENU): MenuNode[] {
  // the no-login console has no users, and no admin to read the audit log
  const visible = (path: string) =>
    state.isOldConsole ? path !== paths.users && path !== paths.audit : state.resources.has(path);
  const result: MenuNode[] = [];
  for (const node of menu) {
    if (isGroup(node)) {
      const children = node.children.filter((c) => visible(c.key));
      if (children.length > 0) result.push({ ...node, children });
    } else if (visible(node.key)) {
      result.push(node);
    }
  }
  return result;
}

/** Sub-pages highlight the list they belong to. */
export function selectedMenuKey(pathname: string): string {
  if (pathname.startsWith(paths.configHistory)) return paths.configs;
  if (pathname.startsWith(paths.instances)) return paths.services;
  if (pathname.startsWith(paths.toolSpecDetail)) return paths.toolSpecs;
  return pathname.replace(/\/+$/, '');
}

export function groupKeyOf(path: string, menu: MenuNode[] = SIDE_MENU): string | undefined {
  return menu.find((n) => isGroup(n) && n.children.some((c) => c.key === path))?.key;
}
