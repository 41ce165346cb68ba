import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalTenant, parseConfigKey } from '../../core/config/config-key.js';
import { checkGrayTag, grayNameOf } from '../../core/config/config-gray.js';
import type { ConfigService } from '../../core/config/config-service.js';
import type { AuditCaller } from '../http-common/sdk-caller.js';
import { clientIp, grayClientIp, intParam, optional, requestParams, type Params } from '../http-common/params.js';
import { invalid } from '../../shared/errors.js';
import { betaQueryResult, configReadAnswer, stopBetaResult } from './config-beta.js';
import { publishFromParams, WRITE_DONE } from './config-publish.js';
import { TEXT } from '../http-common/text-errors.js';
import { CONFIG_NAMESPACE, requestNamespace } from './request-namespace.js';

const ROUTE = { config: { namespace: CONFIG_NAMESPACE } };

/** The config a request names, in the namespace the route resolves (the one the access check judged). */
function keyOf(req: FastifyRequest, params: Params) {
  return parseConfigKey({ dataId: params.dataId, group: params.group, tenant: requestNamespace(req) });
}

/** Go's SearchConfig: `GET /v1/cs/configs?search=accurate|blur`. */
function search(configs: ConfigService, params: Params, namespace: string | undefined, mode: 'accurate' | 'blur') {
  const pageNo = intParam(params, 'pageNo', 1, 1, 1_000_000);
  const pageSize = intParam(params, 'pageSize', 100, 1, 500);
  const { total, items } = configs.search(
    {
      mode,
      namespaceId: canonicalTenant(namespace),
      dataId: optional(params, 'dataId'),
      group: optional(params, 'group'),
      appName: optional(params, 'appName'),
      configTags: optional(params, 'config_tags'),
    },
    (pageNo - 1) * pageSize,
    pageSize,
  );
  return {
    totalCount: total,
    pageNumber: pageNo,
    pagesAvailable: Math.ceil(total / pageSize),
    pageItems: items.map((c) => ({
      id: String(c.id),
      dataId: c.dataId,
      group: c.group,
      content: c.content,
      md5: c.md5,
      tenant: c.namespaceId,
      appName: c.appName,
      type: c.type,
    })),
  };
}

/** `/nacos/v1/cs/configs`: get (or search), publish, delete. */
export function registerConfigRoutes(app: FastifyInstance, configs: ConfigService, caller?: AuditCaller): void {
  const who = caller ?? (() => ({ door: 'http-v1' as const, actor: null }));
  app.get('/nacos/v1/cs/configs', ROUTE, async (req, reply) => {
    const params = requestParams(req);
    const mode = optional(params, 'search');
    if (mode === 'accurate' || mode === 'blur') return search(configs, params, requestNamespace(req), mode);
    if (mode !== undefined) throw invalid(`search must be accurate or blur, got ${mode}`);
    const key = keyOf(req, params);
    if (optional(params, 'beta') === 'true') return betaQueryResult(configs, key);
    const namedTag = optional(params, 'tag')?.trim();
    const headerTag = (req.headers['vipserver-tag'] as string | undefined)?.trim();
    const tag = namedTag || headerTag || undefined;
    const answer = configReadAnswer(
      configs,
      key,
      { ip: grayClientIp(req), tag },
      namedTag !== undefined && namedTag !== '',
    );
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });

  const publish = async (req: FastifyRequest, reply: FastifyReply) => {
    const params = requestParams(req);
    await publishFromParams(configs, {
      params,
      tenant: requestNamespace(req),
      casMd5Header: req.headers.casmd5 as string | undefined,
      betaIpsHeader: req.headers.betaips as string | undefined,
      srcIp: clientIp(req),
      ...who(req, params),
    });
    return reply.type(TEXT).send(WRITE_DONE);
  };
  app.post('/nacos/v1/cs/configs', ROUTE, publish);
  app.put('/nacos/v1/cs/configs', ROUTE, publish);

  app.delete('/nacos/v1/cs/configs', ROUTE, async (req, reply) => {
    const params = requestParams(req);
    const source = {
      srcIp: clientIp(req),
      srcUser: optional(params, 'srcUser') ?? optional(params, 'username'),
      ...who(req, params),
    };
    const key = keyOf(req, params);
    if (optional(params, 'beta') === 'true') return stopBetaResult(configs, key, source);
    const tag = optional(params, 'tag')?.trim();
    // nacos removes only that tag's gray version when a delete names a tag
    if (tag) await configs.removeGray(key, grayNameOf({ type: 'tag', tag: checkGrayTag(tag) }), source);
    else await configs.remove(key, source);
    return reply.type(TEXT).send(WRITE_DONE);
  });
}
