import type { ConfigService } from '../../../core/config/config-service.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { grpcCaller, type TokenOwner } from './grpc-caller.js';
import { configRefusal } from './config-refusal.js';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import { configAccess, configKeyOf } from './config-request.js';

/** `ConfigRemoveRequest` -> `ConfigRemoveResponse`; removing a config that does not exist succeeds. */
export function configRemoveHandler(configs: ConfigService, auth?: TokenOwner, audit?: AuditLog): GrpcHandler {
  return {
    responseType: 'ConfigRemoveResponse',
    refusals: 'typed',
    access: configAccess('write'),
    onRefused: configRefusal('config.delete', audit, auth),
    async handle(body, ctx) {
      await configs.remove(configKeyOf(body), { srcIp: ctx.clientIp, door: 'grpc', actor: grpcCaller(auth, ctx) });
      return {};
    },
  };
}
