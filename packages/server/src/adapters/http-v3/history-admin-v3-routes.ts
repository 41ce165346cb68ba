import type { FastifyInstance } from 'fastify';
import { canonicalTenant, configKeyString, type ConfigKey } from '../../core/config/config-key.js';
import { HISTORY_KEPT_PER_CONFIG, type ConfigHistoryEntry } from '../../core/config/config-model.js';
import type { ConfigService } from '../../core/config/config-service.js';
import { invalid } from '../../shared/errors.js';
import { requestParams, type Params } from '../http-common/params.js';
import { fail, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { requestNamespace } from '../http-v1/request-namespace.js';
import { configBasicInfo } from './config-admin-v3-routes.js';
import { CONFIG_V3_NAMESPACE, configKeyV3, pageBody, pageOf, required } from './v3-params.js';

const ROUTE = { config: { namespace: CONFIG_V3_NAMESPACE } };
const PATH = '/nacos/v3/admin/cs/history';

/** nacos's `ConfigHistoryBasicInfo`. */
const historyBasicInfo = (h: ConfigHistoryEntry) => ({
  id: h.id,
  namespaceId: h.namespaceId,
  groupName: h.group,
  dataId: h.dataId,
  type: h.type,
  appName: h.appName,
  createTime: h.createdAt,
  modifyTime: h.createdAt,
  srcIp: h.srcIp,
  srcUser: h.srcUser,
  opType: h.op,
  publishType: 'formal',
});

/** nacos's `ConfigHistoryDetailInfo`. */
const historyDetailInfo = (h: ConfigHistoryEntry) => ({
  ...historyBasicInfo(h),
  content: h.content,
  encryptedDataKey: h.encryptedDataKey,
  grayName: '',
  extInfo: JSON.stringify({ desc: h.desc, configTags: h.configTags }),
});

function idParam(params: Params, name: string): number {
  const raw = required(params, name);
  if (!/^\d{1,15}$/.test(raw)) throw invalid(`${name} must be a whole number, got ${raw}`);
  return Number(raw);
}

const notFoundEntry = (what: string) => fail('not_found', RESULT_CODE.RESOURCE_NOT_FOUND, `${what} not exist`);

/** An entry only answers for the config the request names (and so the namespace it was judged on). */
const isOf = (entry: ConfigHistoryEntry | undefined, key: ConfigKey): entry is ConfigHistoryEntry =>
  entry !== undefined && configKeyString(entry) === configKeyString(key);

/** `/nacos/v3/admin/cs/history`: a config's history (paged), one entry, the entry before one, a namespace's configs. */
export function registerHistoryAdminV3Routes(app: FastifyInstance, configs: ConfigService): void {
  app.get(`${PATH}/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    const key = configKeyV3(req, params);
    const { pageNo, pageSize, offset } = pageOf(params);
    const { total, items } = await configs.history(key, offset, pageSize);
    return ok(pageBody(total, pageNo, pageSize, items.map(historyBasicInfo)));
  });

  app.get(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const key = configKeyV3(req, params);
    const nid = idParam(params, 'nid');
    const entry = await configs.historyEntry(nid);
    if (!isOf(entry, key)) throw notFoundEntry(`certain config history for nid = ${nid}`);
    return ok(historyDetailInfo(entry));
  });

  app.get(`${PATH}/previous`, ROUTE, async (req) => {
    const params = requestParams(req);
    const key = configKeyV3(req, params);
    const id = idParam(params, 'id');
    const { items } = await configs.history(key, 0, HISTORY_KEPT_PER_CONFIG);
    const previous = items.filter((h) => h.id < id).sort((a, b) => b.id - a.id)[0];
    if (!isOf(previous, key)) throw notFoundEntry(`previous config history for id = ${id}`);
    return ok(historyDetailInfo(previous));
  });

  app.get(`${PATH}/configs`, ROUTE, async (req) => {
    required(requestParams(req), 'namespaceId');
    const items = configs.list({ namespaceId: canonicalTenant(requestNamespace(req)) });
    return ok(items.map(configBasicInfo));
  });
}
