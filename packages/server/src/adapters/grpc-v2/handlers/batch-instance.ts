import type { NamingService } from '../../../core/naming/naming-service.js';
import { invalid } from '../../../shared/errors.js';
import { objectArrayField, stringField } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { instanceInputOf, namingAccess, serviceKeyOf } from './naming-request.js';

/**
 * `BatchInstanceRequest` -> `BatchInstanceResponse`. The list replaces the connection's whole set of
 * instances in the service: clients deregister part of a batch by sending the instances they keep, and
 * everything by sending none. Nothing changes when any instance is invalid.
 */
export function batchInstanceHandler(naming: NamingService): GrpcHandler {
  return {
    responseType: 'BatchInstanceResponse',
    access: namingAccess('write'),
    async handle(body, ctx) {
      const key = serviceKeyOf(body);
      const type = stringField(body, 'type');
      if (type !== 'batchRegisterInstance')
        throw invalid(`unknown BatchInstanceRequest type: "${type}" (batchRegisterInstance)`);
      const inputs = objectArrayField(body, 'instances').map(instanceInputOf);
      await naming.replaceConnectionInstances(ctx.connection!.id, key, inputs, true);
      return { type };
    },
  };
}
