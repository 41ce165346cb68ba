import type { NamingService } from '../../../core/naming/naming-service.js';
import { booleanField, stringField } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { serviceInfoFields } from '../service-info-json.js';
import { namingAccess, serviceKeyOf } from './naming-request.js';

/**
 * `ServiceQueryRequest` -> `QueryServiceResponse` (that name, not ServiceQueryResponse): enabled instances
 * of the requested clusters, healthy only on request (Python spells the flag `healthOnly`).
 */
export function serviceQueryHandler(naming: NamingService): GrpcHandler {
  return {
    responseType: 'QueryServiceResponse',
    access: namingAccess('read'),
    handle(body) {
      const healthyOnly = booleanField(body, 'healthyOnly', booleanField(body, 'healthOnly', false));
      const info = naming.query(serviceKeyOf(body), { clusters: stringField(body, 'cluster'), healthyOnly });
      return serviceInfoFields(info);
    },
  };
}
