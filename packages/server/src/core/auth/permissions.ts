import { ALL_NAMESPACES, ROLE_ADMIN, ROLE_DEVELOPER, ROLE_GUEST, type NamespacePrivilege } from './user-model.js';

/**
 * What a role may do, as groups of capabilities ("modules"). The console maps its paths to modules; the
 * web console shows menus and buttons from the web resources of the modules.
 */
export type Module =
  | 'BASE'
  | 'CLUSTER_VISITOR'
  | 'NAMESPACE_MANAGE'
  | 'USER_MANAGE'
  | 'CONFIG_VISITOR'
  | 'CONFIG_MANAGE'
  | 'NAMING_VISITOR'
  | 'NAMING_MANAGE'
  | 'METRICS_VISITOR'
  | 'TRANSFER_MANAGE'
  | 'MCP_TOOL_SPEC_VISITOR'
  | 'MCP_TOOL_SPEC_MANAGE'
  | 'MCP_SERVER_VISITOR'
  | 'MCP_SERVER_MANAGE'
  | 'AI_REGISTRY_VISITOR'
  | 'AI_REGISTRY_MANAGE'
  | 'AUDIT_VISITOR';

const GUEST_MODULES: Module[] = [
  'BASE',
  'CONFIG_VISITOR',
  'NAMING_VISITOR',
  'MCP_TOOL_SPEC_VISITOR',
  'MCP_SERVER_VISITOR',
  'AI_REGISTRY_VISITOR',
];
const DEVELOPER_MODULES: Module[] = [
  'BASE',
  'CLUSTER_VISITOR',
  'NAMESPACE_MANAGE',
  'CONFIG_MANAGE',
  'NAMING_MANAGE',
  'METRICS_VISITOR',
  'MCP_TOOL_SPEC_MANAGE',
  'MCP_SERVER_MANAGE',
  'AI_REGISTRY_MANAGE',
];
const ADMIN_MODULES: Module[] = [...DEVELOPER_MODULES, 'USER_MANAGE', 'TRANSFER_MANAGE', 'AUDIT_VISITOR'];

const MODULES_OF_ROLE: Record<string, Module[]> = {
  [ROLE_ADMIN]: ADMIN_MODULES,
  [ROLE_DEVELOPER]: DEVELOPER_MODULES,
  [ROLE_GUEST]: GUEST_MODULES,
};

/**
 * The no-login console: a developer's modules plus transfer files (whose users it may neither read nor
 * write); never user management.
 */
export const OLD_CONSOLE_MODULES: ReadonlySet<Module> = new Set([...DEVELOPER_MODULES, 'TRANSFER_MANAGE']);

/** The module sets built so far, by role list: asked on every console request, and the role lists are few. */
const modulesByRoles = new Map<string, ReadonlySet<Module>>();
const MAX_REMEMBERED_ROLE_LISTS = 64;

/** Union over the roles; unknown role codes grant nothing. */
export function modulesOf(roles: readonly string[]): ReadonlySet<Module> {
  // keyed by the known roles alone: their codes hold no separator, so two lists never share a key
  const known = roles.filter((role) => Object.hasOwn(MODULES_OF_ROLE, role));
  const key = known.join(' ');
  let modules = modulesByRoles.get(key);
  if (!modules) {
    modules = new Set(known.flatMap((role) => MODULES_OF_ROLE[role]));
    if (modulesByRoles.size >= MAX_REMEMBERED_ROLE_LISTS) modulesByRoles.clear();
    modulesByRoles.set(key, modules);
  }
  return modules;
}

/**
 * Whether the roles grant any module: `modulesOf(roles).size > 0` without building the set (asked on every
 * SDK call while OpenAPI auth is on).
 */
export function hasAnyModule(roles: readonly string[]): boolean {
  return roles.some((role) => (MODULES_OF_ROLE[role]?.length ?? 0) > 0);
}

/** Menu paths, each also under the `/rnacos` base path. */
const pages = (...paths: string[]) => paths.flatMap((p) => [p, `/rnacos${p}`]);

const WEB_RESOURCES: Record<Module, string[]> = {
  BASE: [
    '/',
    '/404',
    '/nopermission',
    '/p/login',
    '/manage/about',
    '/rnacos',
    '/rnacos/',
    '/rnacos/404',
    '/rnacos/nopermission',
    '/rnacos/p/login',
    '/rnacos/manage/about',
  ],
  CLUSTER_VISITOR: pages('/manage/cluster'),
  NAMESPACE_MANAGE: [...pages('/manage/namespace'), 'NAMESPACE_UPDATE'],
  USER_MANAGE: [...pages('/manage/user'), 'USER_UPDATE'],
  CONFIG_VISITOR: pages('/manage/configs', '/manage/config/history', '/manage/config/listeners'),
  CONFIG_MANAGE: [...pages('/manage/configs', '/manage/config/history', '/manage/config/listeners'), 'CONFIG_UPDATE'],
  NAMING_VISITOR: pages('/manage/service', '/manage/service/instance', '/manage/subscriber'),
  NAMING_MANAGE: [...pages('/manage/service', '/manage/service/instance', '/manage/subscriber'), 'SERVICE_UPDATE'],
  METRICS_VISITOR: pages('/manage/appmonitor'),
  MCP_TOOL_SPEC_VISITOR: pages('/manage/mcptoolspec', '/manage/mcptoolspec/detail'),
  MCP_TOOL_SPEC_MANAGE: [...pages('/manage/mcptoolspec', '/manage/mcptoolspec/detail'), 'MCP_TOOL_SPEC_UPDATE'],
  MCP_SERVER_VISITOR: pages('/manage/mcpserver'),
  MCP_SERVER_MANAGE: [...pages('/manage/mcpserver'), 'MCP_SERVER_UPDATE'],
  // the nacos 3 AI registry: MCP servers and agents registered by clients, not hosted here
  AI_REGISTRY_VISITOR: pages('/manage/ai/mcp', '/manage/ai/a2a'),
  AI_REGISTRY_MANAGE: [...pages('/manage/ai/mcp', '/manage/ai/a2a'), 'AI_REGISTRY_UPDATE'],
  AUDIT_VISITOR: pages('/manage/audit'),
  TRANSFER_MANAGE: [
    ...pages('/manage/transfer'),
    '/rnacos/api/console/transfer/export',
    '/rnacos/api/console/transfer/import',
  ],
};

/** The strings the web console builds its menu and buttons from (a set; order carries no meaning). */
export function webResourcesOf(roles: readonly string[]): string[] {
  const resources = new Set<string>();
  for (const module of modulesOf(roles)) for (const r of WEB_RESOURCES[module]) resources.add(r);
  return [...resources].sort();
}

export function isAdmin(roles: readonly string[]): boolean {
  return roles.includes(ROLE_ADMIN);
}

/** Guests only read; developers and admins also write. */
export function canWrite(roles: readonly string[]): boolean {
  return roles.includes(ROLE_ADMIN) || roles.includes(ROLE_DEVELOPER);
}

/** Privilege lists write the default namespace as "" while naming calls it "public". */
function privilegeNamespaceId(namespaceId: string | null | undefined): string {
  const id = (namespaceId ?? '').trim();
  return id === '' || id.toLowerCase() === 'public' ? '' : id;
}

export function namespacePermitted(privilege: NamespacePrivilege, namespaceId: string | null | undefined): boolean {
  const id = privilegeNamespaceId(namespaceId);
  const whitelisted = privilege.whitelistIsAll || privilege.whitelist.map(privilegeNamespaceId).includes(id);
  const blacklisted = privilege.blacklistIsAll || privilege.blacklist.map(privilegeNamespaceId).includes(id);
  return whitelisted && !blacklisted;
}

/** True when no namespace is off limits, so lists need no filtering. */
export function permitsAllNamespaces(privilege: NamespacePrivilege): boolean {
  return privilege.whitelistIsAll && !privilege.blacklistIsAll && privilege.blacklist.length === 0;
}

/** A filter keeping the namespaces a privilege lets its user see, for answers that list namespaces. */
export function namespacesVisibleTo(privilege: NamespacePrivilege): (namespaceId: string) => boolean {
  if (permitsAllNamespaces(privilege)) return () => true;
  return (namespaceId) => namespacePermitted(privilege, namespaceId);
}

/** Applies the provided fields of a console edit to a privilege; absent fields keep their value. */
export function mergePrivilege(
  base: NamespacePrivilege | undefined,
  patch: Partial<Omit<NamespacePrivilege, 'enabled'>>,
): NamespacePrivilege {
  const from = base ?? ALL_NAMESPACES;
  return {
    enabled: true,
    whitelistIsAll: patch.whitelistIsAll ?? from.whitelistIsAll,
    whitelist: [...(patch.whitelist ?? from.whitelist)].map(privilegeNamespaceId),
    blacklistIsAll: patch.blacklistIsAll ?? from.blacklistIsAll,
    blacklist: [...(patch.blacklist ?? from.blacklist)].map(privilegeNamespaceId),
  };
}
