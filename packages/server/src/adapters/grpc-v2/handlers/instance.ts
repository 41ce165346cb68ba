import type { NamingService } from '../../../core/naming/naming-service.js';
import { invalid } from '../../../shared/errors.js';
import { stringField } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { namingAccess, requiredInstance, serviceKeyOf } from './naming-request.js';

/**
 * `InstanceRequest` -> `InstanceResponse`. As in nacos 2.x, a connection publishes one entry per service:
 * `registerInstance` replaces what the connection had there, `deregisterInstance` removes it. Those
 * instances live as long as the connection. An instance sent with `ephemeral: false` is persistent and
 * belongs to no connection.
 */
export function instanceHandler(naming: NamingService): GrpcHandler {
  return {
    responseType: 'InstanceResponse',
    access: namingAccess('write'),
    async handle(body, ctx) {
      const key = serviceKeyOf(body);
      const type = stringField(body, 'type');
      const input = requiredInstance(body);
      const connectionId = ctx.connection!.id;
      if (type === 'registerInstance') {
        if (input.ephemeral === false) await naming.registerInstance(key, input);
        else await naming.replaceConnectionInstances(connectionId, key, [Object.assign(input, { ephemeral: true })]);
      } else if (type === 'deregisterInstance') {
        if (input.ephemeral === false) await naming.deregisterInstance(key, input);
        else await naming.replaceConnectionInstances(connectionId, key, []);
      } else {
        throw invalid(`unknown InstanceRequest type: "${type}" (registerInstance or deregisterInstance)`);
      }
      return { type };
    },
  };
}
