import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditCaller } from '../http-common/sdk-caller.js';
import { checkGrayTag, grayNameOf } from '../../core/config/config-gray.js';
import { parseConfigKey } from '../../core/config/config-key.js';
import type { ConfigService } from '../../core/config/config-service.js';
import { clientIp, grayClientIp, optional, requestParams, type Params } from '../http-common/params.js';
import { publishFromParams } from '../http-v1/config-publish.js';
import { CONFIG_NAMESPACE, requestNamespace } from '../http-v1/request-namespace.js';
import { requireAll, V2Error, v2Ok } from './v2-result.js';

const ROUTE = { config: { namespace: CONFIG_NAMESPACE } };
export const CONFIG_V2_PATH = '/nacos/v2/cs/config';

/** dataId and group are required; the namespace is the one the route resolved (the one the access check judged). */
export function configKeyV2(req: FastifyRequest, params: Params) {
  requireAll(params, 'dataId', 'group');
  return parseConfigKey({ dataId: params.dataId, group: params.group, tenant: requestNamespace(req) });
}

/** The tag a request names (blank = none), checked as the v1 routes check it. */
function namedTag(params: Params): string | undefined {
  const tag = optional(params, 'tag')?.trim();
  return tag ? checkGrayTag(tag) : undefined;
}

/** The v2 names of the publish parameters, read as the v1 publish reads them (`configTags`, `srcUser`). */
function asV1Publish(params: Params): Params {
  const renamed: Params = {};
  if (params.configTags !== undefined) renamed.config_tags = params.configTags;
  if (params.srcUser !== undefined) renamed.src_user = params.srcUser;
  return Object.assign({}, params, renamed);
}

/** `/nacos/v2/cs/config`: get, publish and delete through the same core calls as `/nacos/v1/cs/configs`. */
export function registerConfigV2Routes(app: FastifyInstance, configs: ConfigService, caller: AuditCaller): void {
  app.get(CONFIG_V2_PATH, ROUTE, async (req, reply) => {
    const params = requestParams(req);
    const key = configKeyV2(req, params);
    const tag = namedTag(params);
    // the gray release the caller's address or named tag matches; a named tag no release has is "not found"
    const gray = configs.grayFor(key, { ip: grayClientIp(req), tag });
    const item = gray ? gray.item : tag ? undefined : configs.get(key);
    if (!item)
      return reply.code(404).send({ code: 20004, message: 'resource not found', data: 'config data not exist' });
    return v2Ok(item.content);
  });

  app.post(CONFIG_V2_PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    requireAll(params, 'dataId', 'group');
    if (params.content === undefined || params.content === '')
      throw new V2Error(400, 'PARAMETER_MISSING', "required parameter 'content' is missing");
    await publishFromParams(configs, {
      params: asV1Publish(params),
      tenant: requestNamespace(req),
      casMd5Header: req.headers.casmd5 as string | undefined,
      betaIpsHeader: req.headers.betaips as string | undefined,
      srcIp: clientIp(req),
      ...caller(req, params),
    });
    return v2Ok(true);
  });

  app.delete(CONFIG_V2_PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const key = configKeyV2(req, params);
    const tag = namedTag(params);
    const source = { srcIp: clientIp(req), srcUser: optional(params, 'username'), ...caller(req, params) };
    // as on v1: a delete naming a tag removes only that tag's release
    if (tag) await configs.removeGray(key, grayNameOf({ type: 'tag', tag }), source);
    else await configs.remove(key, source);
    return v2Ok(true);
  });
}
