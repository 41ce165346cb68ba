import type { ConfigService } from '../../../core/config/config-service.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { configAccess, configKeyOf } from './config-request.js';

/** `ConfigRemoveRequest` -> `ConfigRemoveResponse`; removing a config that does not exist succeeds. */
export function configRemoveHandler(configs: ConfigService): GrpcHandler {
  return {
    responseType: 'ConfigRemoveResponse',
    refusals: 'typed',
    access: configAccess('write'),
    async handle(body, ctx) {
      await configs.remove(configKeyOf(body), { srcIp: ctx.clientIp });
      return {};
    },
  };
}
