import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditCaller } from '../http-common/sdk-caller.js';
import { canonicalTenant } from '../../core/config/config-key.js';
import type { ConfigItem } from '../../core/config/config-model.js';
import type { ConfigService } from '../../core/config/config-service.js';
import { invalid } from '../../shared/errors.js';
import { clientIp, optional, requestParams, type Params } from '../http-common/params.js';
import { fail, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { publishFromParams } from '../http-v1/config-publish.js';
import { requestNamespace } from '../http-v1/request-namespace.js';
import { CONFIG_V3_NAMESPACE, configKeyV3, pageBody, pageOf, required } from './v3-params.js';

const ROUTE = { config: { namespace: CONFIG_V3_NAMESPACE } };
const PATH = '/nacos/v3/admin/cs/config';
/** Ids one batch delete may name (each is a durable write). */
const MAX_BATCH_IDS = 1000;

/** nacos's `ConfigBasicInfo`. */
export const configBasicInfo = (c: ConfigItem) => ({
  id: c.id,
  namespaceId: c.namespaceId,
  groupName: c.group,
  dataId: c.dataId,
  type: c.type,
  appName: c.appName,
  createTime: c.createdAt,
  modifyTime: c.modifiedAt,
});

/** nacos's `ConfigDetailInfo`. */
export const configDetailInfo = (c: ConfigItem) => ({
  ...configBasicInfo(c),
  content: c.content,
  desc: c.desc,
  encryptedDataKey: c.encryptedDataKey,
  createUser: c.srcUser,
  createIp: c.srcIp,
  configTags: c.configTags,
});

const srcUserOf = (params: Params) => optional(params, 'srcUser') ?? optional(params, 'username');

function batchIds(params: Params): number[] {
  const ids = required(params, 'ids')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length > MAX_BATCH_IDS) throw invalid(`ids names ${ids.length} configs; the limit is ${MAX_BATCH_IDS}`);
  return ids.map((id) => {
    if (!/^\d{1,15}$/.test(id)) throw invalid(`ids must be whole numbers, got ${id}`);
    return Number(id);
  });
}

/** `/nacos/v3/admin/cs/config`: get, publish, delete, batch delete and search, on the v1 routes' functions. */
export function registerConfigAdminV3Routes(app: FastifyInstance, configs: ConfigService, caller: AuditCaller): void {
  app.get(PATH, ROUTE, async (req) => {
    const item = configs.get(configKeyV3(req, requestParams(req)));
    if (!item) {
      throw fail('not_found', RESULT_CODE.RESOURCE_NOT_FOUND, 'Config not exist, please publish Config first.');
    }
    return ok(configDetailInfo(item));
  });

  app.post(PATH, ROUTE, async (req: FastifyRequest) => {
    const params = requestParams(req);
    const key = configKeyV3(req, params);
    required(params, 'content');
    // the v1 publish, so both validate and store alike; v3 names a few parameters differently
    await publishFromParams(configs, {
      params: { ...params, group: key.group, config_tags: params.configTags ?? '', src_user: srcUserOf(params) ?? '' },
      tenant: requestNamespace(req),
      casMd5Header: req.headers.casmd5 as string | undefined,
      betaIpsHeader: req.headers.betaips as string | undefined,
      srcIp: clientIp(req),
      ...caller(req, params),
    });
    return ok(true);
  });

  app.delete(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    await configs.remove(configKeyV3(req, params), {
      srcIp: clientIp(req),
      srcUser: srcUserOf(params),
      ...caller(req, params),
    });
    return ok(true);
  });

  // ids name configs of any namespace: only those of the namespace the request was judged on are deleted
  app.delete(`${PATH}/batch`, ROUTE, async (req) => {
    const params = requestParams(req);
    const wanted = new Set(batchIds(params));
    const namespaceId = canonicalTenant(requestNamespace(req));
    const doomed = [...configs.all()].filter((c) => wanted.has(c.id) && c.namespaceId === namespaceId);
    const source = { srcIp: clientIp(req), srcUser: srcUserOf(params), ...caller(req, params) };
    for (const c of doomed) await configs.remove(c, source);
    return ok(true);
  });

  app.get(`${PATH}/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    const mode = optional(params, 'search') ?? 'blur';
    if (mode !== 'blur' && mode !== 'accurate') throw invalid(`search must be accurate or blur, got ${mode}`);
    const { pageNo, pageSize, offset } = pageOf(params);
    const { total, items } = configs.search(
      {
        mode,
        namespaceId: canonicalTenant(requestNamespace(req)),
        dataId: optional(params, 'dataId'),
        group: optional(params, 'groupName'),
        appName: optional(params, 'appName'),
        configTags: optional(params, 'configTags'),
        content: optional(params, 'configDetail'),
        types: optional(params, 'type'),
      },
      offset,
      pageSize,
    );
    return ok(pageBody(total, pageNo, pageSize, items.map(configBasicInfo)));
  });
}
