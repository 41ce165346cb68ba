import type { ClientConnectionRegistry } from '../../../core/connection/client-connection-registry.js';
import type { NamingService } from '../../../core/naming/naming-service.js';
import { booleanField, stringField } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { serviceInfoObject } from '../service-info-json.js';
import { namingAccess, serviceKeyOf } from './naming-request.js';

/**
 * `SubscribeServiceRequest` -> `SubscribeServiceResponse`. Subscribes the connection (one subscription per
 * service, with its cluster filter) or unsubscribes it, and answers with the service as seen through the
 * filter; the service need not exist yet. Pushes follow every change (naming-pushes.ts).
 */
export function subscribeServiceHandler(naming: NamingService, connections: ClientConnectionRegistry): GrpcHandler {
  return {
    responseType: 'SubscribeServiceResponse',
    access: namingAccess('read'),
    handle(body, ctx) {
      const key = serviceKeyOf(body);
      const clusters = stringField(body, 'clusters');
      const conn = ctx.connection!;
      if (booleanField(body, 'subscribe', true)) {
        const info = connections.get(conn.id);
        naming.subscribeConnection(key, conn.id, {
          clusters,
          ip: ctx.clientIp,
          port: info?.remotePort ?? 0,
          agent: info?.clientVersion ?? '',
          app: info?.appName ?? '',
        });
      } else {
        naming.unsubscribeConnection(key, conn.id);
      }
      return { serviceInfo: serviceInfoObject(naming.query(key, { clusters })) };
    },
  };
}
