import { checkEncryptedDataKey } from '../../../core/config/config-model.js';
import type { ConfigService } from '../../../core/config/config-service.js';
import { invalid } from '../../../shared/errors.js';
import { optionalString, stringMapField } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { grpcCaller, type TokenOwner } from './grpc-caller.js';
import { configRefusal } from './config-refusal.js';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import { configAccess, configKeyOf } from './config-request.js';

/**
 * `ConfigPublishRequest` -> `ConfigPublishResponse`. Attributes come in `additionMap` (Java sends its keys
 * with null values; those mean "not given"). A non-blank `casMd5` publishes only over that md5. Beta and
 * tag configs are refused rather than silently stored as the plain config. `encryptedDataKey` (from a
 * client's config encryption plugin, `cipher-*` dataIds) is stored with the content; a publish without one
 * stores the config without a key, as nacos does.
 */
export function configPublishHandler(configs: ConfigService, auth?: TokenOwner, audit?: AuditLog): GrpcHandler {
  return {
    responseType: 'ConfigPublishResponse',
    refusals: 'typed',
    access: configAccess('write'),
    onRefused: configRefusal('config.publish', audit, auth),
    async handle(body, ctx) {
      const key = configKeyOf(body);
      const content = optionalString(body, 'content');
      if (content === undefined) throw invalid('content is required');
      const addition = stringMapField(body, 'additionMap');
      if (addition.betaIps?.trim()) throw invalid('beta configs (betaIps) are not supported');
      if (addition.tag?.trim()) throw invalid('tag configs are not supported');
      const encryptedDataKey = addition.encryptedDataKey ?? '';
      checkEncryptedDataKey(encryptedDataKey);
      const casMd5 = optionalString(body, 'casMd5')?.trim();
      await configs.publish(
        {
          namespaceId: key.namespaceId,
          group: key.group,
          dataId: key.dataId,
          content,
          encryptedDataKey,
          type: addition.type,
          desc: addition.desc,
          appName: addition.appName,
          configTags: addition.config_tags,
          casMd5: casMd5 || undefined,
        },
        { srcIp: ctx.clientIp, srcUser: addition.src_user, door: 'grpc', actor: grpcCaller(auth, ctx) },
      );
      return {};
    },
  };
}
