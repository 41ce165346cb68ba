import { parseConfigKey } from '../../core/config/config-key.js';
import { betaRule, tagRule } from '../../core/config/config-gray.js';
import { checkEncryptedDataKey } from '../../core/config/config-model.js';
import type { ConfigService } from '../../core/config/config-service.js';
import { optional, rawParam, type Params } from '../http-common/params.js';
import { invalid } from '../../shared/errors.js';
import type { AuditDoor } from '../../core/audit/audit-model.js';

/** What a publish names besides its parameters: the namespace the route resolved, and who sent it. */
export interface PublishRequest {
  params: Params;
  /** As `requestNamespace` or `namespaceOf` resolve it (undefined: the default namespace). */
  tenant: string | undefined;
  /** The `casMd5` header; the parameter of that name is read when it is absent. */
  casMd5Header: string | undefined;
  /** The `betaIps` header of a gray (beta) publish. */
  betaIpsHeader: string | undefined;
  srcIp: string;
  /** The authenticated user, for the audit trail (null: anonymous). */
  actor: string | null;
  /** The door, for the audit trail (the console port serves these routes too). */
  door?: AuditDoor;
}

/**
 * `POST`/`PUT /nacos/v1/cs/configs`: one function for the fastify route and the fast path, so the two
 * validate and store alike. Resolves once the write is durable.
 */
export async function publishFromParams(configs: ConfigService, request: PublishRequest): Promise<void> {
  const { params } = request;
  const key = parseConfigKey({ dataId: params.dataId, group: params.group, tenant: request.tenant });
  const content = rawParam(params, 'content');
  if (content === undefined) throw invalid('content is required');
  const betaIps = request.betaIpsHeader?.trim();
  const tag = optional(params, 'tag')?.trim();
  // the data key of an encrypted config goes with its content: a publish without one stores none
  const encryptedDataKey = rawParam(params, 'encryptedDataKey') ?? '';
  checkEncryptedDataKey(encryptedDataKey);
  const input = {
    namespaceId: key.namespaceId,
    group: key.group,
    dataId: key.dataId,
    content,
    encryptedDataKey,
    type: optional(params, 'type'),
    desc: optional(params, 'desc'),
    appName: optional(params, 'appName'),
    configTags: optional(params, 'config_tags'),
  };
  const source = {
    srcIp: request.srcIp,
    srcUser: optional(params, 'src_user') ?? optional(params, 'username'),
    door: request.door ?? 'http-v1',
    actor: request.actor,
  };
  // as nacos: a betaIps header makes it a beta release, else a tag makes it a tag release; the stable config
  // is left as it is
  if (betaIps) await configs.publishGray(Object.assign({}, input, { rule: betaRule(betaIps) }), source);
  else if (tag) await configs.publishGray(Object.assign({}, input, { rule: tagRule(tag) }), source);
  else
    await configs.publish(
      Object.assign({}, input, { casMd5: request.casMd5Header ?? optional(params, 'casMd5') }),
      source,
    );
}

/** The body of the answer to a publish or a delete. */
export const WRITE_DONE = 'true';
