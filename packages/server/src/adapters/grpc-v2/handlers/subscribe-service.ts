import type { ClientConnectionRegistry } from '../../../core/connection/client-connection-registry.js';
import type { NamingService } from '../../../core/naming/naming-service.js';
import { booleanField, stringField } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import type { NamingPushes } from '../naming-pushes.js';
import { serviceInfoFields } from '../service-info-json.js';
import { namingAccess, serviceKeyOf } from './naming-request.js';

/**
 * `SubscribeServiceRequest` -> `SubscribeServiceResponse`. Subscribes the connection (one subscription per
 * service, with its cluster filter) or unsubscribes it, and answers with the service as seen through the
 * filter; the service need not exist yet. As nacos 2.x does, a subscribe is followed by a push of the
 * service (after the answer): Java clients restore their cache from it. Pushes follow every change too
 * (naming-pushes.ts).
 */
export function subscribeServiceHandler(
  naming: NamingService,
  connections: ClientConnectionRegistry,
  pushes: NamingPushes,
): GrpcHandler {
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
        (ctx.afterReply ??= []).push(() => pushes.pushCurrent(key, conn.id));
      } else {
        naming.unsubscribeConnection(key, conn.id);
      }
      return serviceInfoFields(naming.query(key, { clusters }));
    },
  };
}
