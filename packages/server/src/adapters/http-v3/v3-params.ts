import type { FastifyRequest } from 'fastify';
import { canonicalTenant, parseConfigKey, type ConfigKey } from '../../core/config/config-key.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import { canonicalNamespace } from '../../core/naming/naming-validation.js';
import { intParam, optional, type Params } from '../http-common/params.js';
import { parameterMissing } from '../http-common/nacos-result.js';
import { serviceKeyOf } from '../http-v1/naming-params.js';
import { requestNamespace, type NamespaceSource } from '../http-v1/request-namespace.js';

/** v3 config routes name the namespace `namespaceId` ("public" and blank are the default ""). */
export const CONFIG_V3_NAMESPACE = {
  kind: 'fields',
  fields: ['namespaceId', 'tenant'],
  canonical: canonicalTenant,
} as const satisfies NamespaceSource;

/** v3 naming routes: `namespaceId` (blank = "public"). */
export const NAMING_V3_NAMESPACE = {
  kind: 'fields',
  fields: ['namespaceId'],
  canonical: canonicalNamespace,
} as const satisfies NamespaceSource;

/** A parameter nacos declares required: absent or blank is its 400 / 10000. */
export function required(params: Params, name: string): string {
  const value = optional(params, name);
  if (value === undefined) throw parameterMissing(name);
  return value;
}

/** The config a v3 request names: `dataId` and `groupName` required, in the namespace the route resolved. */
export function configKeyV3(req: FastifyRequest, params: Params): ConfigKey {
  const dataId = required(params, 'dataId');
  const group = required(params, 'groupName');
  return parseConfigKey({ dataId, group, tenant: requestNamespace(req) });
}

/** The service a v3 request names: `serviceName` required, `groupName` DEFAULT_GROUP when absent. */
export function serviceKeyV3(req: FastifyRequest, params: Params): ServiceKey {
  required(params, 'serviceName');
  return serviceKeyOf(params, requestNamespace(req));
}

/** `pageNo`/`pageSize` as nacos's `PageForm` (1 and 100 when absent, at least 1); the size capped as v1 caps it. */
export function pageOf(params: Params, maxSize = 500): { pageNo: number; pageSize: number; offset: number } {
  const pageNo = intParam(params, 'pageNo', 1, 1, 1_000_000);
  const pageSize = intParam(params, 'pageSize', 100, 1, maxSize);
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

/** nacos's `Page`. */
export function pageBody<T>(total: number, pageNo: number, pageSize: number, pageItems: T[]) {
  return { totalCount: total, pageNumber: pageNo, pagesAvailable: Math.ceil(total / pageSize), pageItems };
}
