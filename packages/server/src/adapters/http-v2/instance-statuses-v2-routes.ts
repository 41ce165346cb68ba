import type { FastifyInstance } from 'fastify';
import type { NamingService } from '../../core/naming/naming-service.js';
import { serviceKeyOfPath } from '../http-v1/request-namespace.js';

/** The namespace is the one the path's service key names (read access to it is checked first). */
const ROUTE = { config: { namespace: { kind: 'serviceKey', param: 'key' } as const } };

/**
 * `GET /nacos/v2/ns/instance/statuses/{key}` (nacos 2.x's InstanceControllerV2): every instance of the
 * service `key` names (`[namespace##]group@@service`), in every cluster, disabled and unhealthy ones
 * included, as `ip:port_<healthy>`. nacos answers it outside the v2 envelope: `{"ips": [...]}`.
 */
export function registerInstanceStatusesV2Routes(app: FastifyInstance, naming: NamingService): void {
  app.get('/nacos/v2/ns/instance/statuses/:key', ROUTE, async (req) => {
    const instances = naming.listInstances(serviceKeyOfPath(req));
    return { ips: instances.map((i) => `${i.ip}:${i.port}_${i.healthy}`) };
  });
}
