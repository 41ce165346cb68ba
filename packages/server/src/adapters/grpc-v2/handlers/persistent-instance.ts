import type { NamingService } from '../../../core/naming/naming-service.js';
import { invalid } from '../../../shared/errors.js';
import { stringField } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { namingAccess, requiredInstance, serviceKeyOf } from './naming-request.js';

/**
 * `PersistentInstanceRequest` -> `InstanceResponse` (Python always; Java 2.3+ once SetupAck advertised
 * `supportPersistentInstanceByGrpc`). The instance is stored and kept until deregistered, whatever
 * happens to the connection.
 */
export function persistentInstanceHandler(naming: NamingService): GrpcHandler {
  return {
    responseType: 'InstanceResponse',
    access: namingAccess('write'),
    async handle(body) {
      const key = serviceKeyOf(body);
      const type = stringField(body, 'type');
      const input = requiredInstance(body);
      if (type === 'registerInstance') await naming.registerInstance(key, Object.assign(input, { ephemeral: false }));
      else if (type === 'deregisterInstance') await naming.deregisterInstance(key, input);
      else throw invalid(`unknown PersistentInstanceRequest type: "${type}" (registerInstance or deregisterInstance)`);
      return { type };
    },
  };
}
