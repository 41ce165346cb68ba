import type { FastifyInstance } from 'fastify';
import { canonicalTenant, type ConfigKey } from '../../core/config/config-key.js';
import type { ConfigHistoryEntry } from '../../core/config/config-model.js';
import type { ConfigService } from '../../core/config/config-service.js';
import { intParam, requestParams } from '../http-common/params.js';
import { CONFIG_NAMESPACE, requestNamespace } from '../http-v1/request-namespace.js';
import { configKeyV2 } from './config-v2-routes.js';
import { required, V2Error, v2Ok } from './v2-result.js';

const ROUTE = { config: { namespace: CONFIG_NAMESPACE } };
const PATH = '/nacos/v2/cs/history';

/** One history entry as nacos' `ConfigHistoryInfo` (its `id` is the entry's own number, nacos' nid). */
function historyInfo(entry: ConfigHistoryEntry) {
  return {
    id: entry.id,
    dataId: entry.dataId,
    group: entry.group,
    tenant: entry.namespaceId,
    appName: entry.appName,
    md5: entry.md5,
    content: entry.content,
    srcIp: entry.srcIp,
    srcUser: entry.srcUser,
    opType: entry.op,
    createdTime: entry.createdAt,
    lastModifiedTime: entry.createdAt,
    encryptedDataKey: entry.encryptedDataKey,
  };
}

/** A whole-number id parameter (nacos answers a malformed one with 400, parameter validate error). */
function idParam(value: string, name: string): number {
  if (!/^\d{1,15}$/.test(value))
    throw new V2Error(400, 'PARAMETER_VALIDATE_ERROR', `${name} must be a whole number, got ${value}`);
  return Number(value);
}

const sameConfig = (entry: ConfigHistoryEntry, key: ConfigKey) =>
  entry.namespaceId === key.namespaceId && entry.group === key.group && entry.dataId === key.dataId;

/**
 * `/nacos/v2/cs/history*`: a config's history (list, one entry, the version before the current one) and
 * the configs of a namespace. An entry is shown only for the config the request names, in the namespace
 * the access check judged.
 */
export function registerHistoryV2Routes(app: FastifyInstance, configs: ConfigService): void {
  app.get(`${PATH}/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    const key = configKeyV2(req, params);
    const pageNo = intParam(params, 'pageNo', 1, 1, 1_000_000);
    // nacos caps the page at 500
    const pageSize = Math.min(500, intParam(params, 'pageSize', 100, 1, 1_000_000));
    const { total, items } = await configs.history(key, (pageNo - 1) * pageSize, pageSize);
    return v2Ok({
      totalCount: total,
      pageNumber: pageNo,
      pagesAvailable: Math.ceil(total / pageSize),
      pageItems: items.map(historyInfo),
    });
  });

  app.get(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const key = configKeyV2(req, params);
    const nid = idParam(required(params, 'nid'), 'nid');
    const entry = await configs.historyEntry(nid);
    if (!entry) throw new V2Error(404, 'RESOURCE_NOT_FOUND', `certain config history for nid = ${nid} not exist`);
    // nacos refuses an entry of another config than the one named (the one the access check judged)
    if (!sameConfig(entry, key)) throw new V2Error(403, 'ACCESS_DENIED', 'Please check dataId, group or namespaceId.');
    return v2Ok(historyInfo(entry));
  });

  // `id` is the config's id (as `/nacos/v1/cs/configs?search=` lists it); the answer is the version the
  // current one replaced (history entries here hold the value after each change)
  app.get(`${PATH}/previous`, ROUTE, async (req) => {
    const params = requestParams(req);
    const key = configKeyV2(req, params);
    const id = idParam(required(params, 'id'), 'id');
    const current = configs.get(key);
    const notThere = () => new V2Error(404, 'RESOURCE_NOT_FOUND', `previous config history for id = ${id} not exist`);
    if (!current || current.id !== id) throw notThere();
    const { items } = await configs.history(key, 0, 2);
    const previous = items[1];
    if (!previous) throw notThere();
    return v2Ok(historyInfo(previous));
  });

  app.get(`${PATH}/configs`, ROUTE, async (req) => {
    // nacos requires namespaceId; none given names the default namespace here, as on every other route
    const items = configs.list({ namespaceId: canonicalTenant(requestNamespace(req)) });
    return v2Ok(
      items.map((c) => ({
        id: c.id,
        dataId: c.dataId,
        group: c.group,
        tenant: c.namespaceId,
        appName: c.appName,
        type: c.type,
        md5: c.md5,
        lastModified: c.modifiedAt,
      })),
    );
  });
}
