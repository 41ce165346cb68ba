/**
 * The audit action of an SDK-port write, from its route and method. Config writes, namespace and service
 * changes and persistent instances are recorded; ephemeral instances (registered, renewed and dropped by
 * the thousand) are not.
 */
export function sdkWriteAction(method: string, route: string): string {
  const verb = method === 'DELETE' ? 'delete' : method === 'POST' ? 'create' : 'update';
  if (route.endsWith('/cs/configs') || route.endsWith('/cs/config'))
    return method === 'DELETE' ? 'config.delete' : 'config.publish';
  if (route.endsWith('/cs/config/batch')) return 'config.delete';
  if (route.endsWith('/cs/config/beta')) return 'config.gray.delete';
  if (route.endsWith('/cs/config/import')) return 'config.import';
  if (route.endsWith('/cs/config/clone')) return 'config.clone';
  if (route.endsWith('/ns/instance') || route.endsWith('/instance/partial')) return `instance.${verb}`;
  if (route.endsWith('/instance/metadata/batch')) return `instance.metadata.${verb}`;
  if (route.endsWith('/ns/health/instance') || route.endsWith('/ns/health')) return 'instance.health';
  if (route.endsWith('/ns/service')) return `service.${verb}`;
  if (route.endsWith('/ns/cluster')) return 'cluster.update';
  if (/\/(console\/namespaces?|core\/namespace)$/.test(route)) return `namespace.${verb}`;
  if (route.endsWith('/ai/mcp')) return `ai.mcp.${verb}`;
  if (route.endsWith('/ai/a2a')) return `ai.a2a.${verb}`;
  if (route.endsWith('/auth/user')) return `user.${verb}`;
  if (route.endsWith('/auth/role')) return `role.${verb}`;
  if (route.endsWith('/switches')) return 'switches.update';
  if (route.includes('/core/loader/')) return 'loader.reload';
  return `write ${method} ${route}`;
}
