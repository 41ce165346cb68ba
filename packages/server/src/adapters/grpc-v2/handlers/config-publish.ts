import { betaRule, tagRule } from '../../../core/config/config-gray.js';
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
 * with null values; those mean "not given"). A non-blank `casMd5` publishes only over that md5. A
 * `betaIps` entry makes it a beta release for those client IPs, else a `tag` entry a tag release; either
 * is kept beside the stable config, which stays as it is. `encryptedDataKey` (from a
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
      const betaIps = addition.betaIps?.trim();
      const tag = addition.tag?.trim();
      const encryptedDataKey = addition.encryptedDataKey ?? '';
      checkEncryptedDataKey(encryptedDataKey);
      const casMd5 = optionalString(body, 'casMd5')?.trim();
      const input = {
        namespaceId: key.namespaceId,
        group: key.group,
        dataId: key.dataId,
        content,
        encryptedDataKey,
        type: addition.type,
        desc: addition.desc,
        appName: addition.appName,
        configTags: addition.config_tags,
      };
      const source = {
        srcIp: ctx.clientIp,
        srcUser: addition.src_user,
        door: 'grpc' as const,
        actor: grpcCaller(auth, ctx),
      };
      if (betaIps) await configs.publishGray(Object.assign({}, input, { rule: betaRule(betaIps) }), source);
      else if (tag) await configs.publishGray(Object.assign({}, input, { rule: tagRule(tag) }), source);
      else await configs.publish(Object.assign({}, input, { casMd5: casMd5 || undefined }), source);
      return {};
    },
  };
}
