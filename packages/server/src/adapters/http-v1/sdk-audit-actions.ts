/**
 * The audit action of an SDK-port write, from its route and method. Config writes, namespace and service
 * changes and persistent instances are recorded; ephemeral instances (registered, renewed and dropped by
 * the thousand) are not.
 */
export function sdkWriteAction(method: string, route: string): string {
  const verb = method === 'DELETE' ? 'delete' : method === 'PUT' ? 'update' : 'create';
  if (route.endsWith('/cs/configs')) return method === 'DELETE' ? 'config.delete' : 'config.publish';
  if (route.endsWith('/ns/instance')) return `instance.${verb}`;
  if (route.endsWith('/ns/service')) return `service.${verb}`;
  if (route.endsWith('/console/namespaces')) return `namespace.${verb}`;
  return `write ${method} ${route}`;
}
