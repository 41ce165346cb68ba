import type { FastifyInstance, FastifyRequest } from 'fastify';
import { configKeyString, parseConfigKey, type ConfigKey } from '../../core/config/config-key.js';
import type { ConfigListenerQuery, ListenerStatus } from '../../core/config/listener-query.js';
import { invalid } from '../../shared/errors.js';
import { optional, requestParams } from '../http-common/params.js';
import { namespacesVisibleToCaller } from './api-auth-hook.js';
import { CONFIG_NAMESPACE, requestNamespace } from './request-namespace.js';

const ROUTE = { config: { namespace: CONFIG_NAMESPACE } };

/** nacos' `GroupkeyListenserStatus` (its spelling): 200 and a map of listeners to the md5 they hold. */
const answer = (status: Record<string, string>) => ({ collectStatus: 200, lisentersGroupkeyStatus: status });

/** nacos' group key, `dataId+group[+tenant]` (valid names hold neither `+` nor `%`, so nothing to escape). */
const groupKeyOf = (s: ListenerStatus) => [s.dataId, s.group, s.namespaceId].filter((part) => part !== '').join('+');

/** Who listens to a config on this node: client IP -> the md5 it holds. */
export function listenersOfConfig(query: ConfigListenerQuery, key: ConfigKey): Record<string, string> {
  const status: Record<string, string> = {};
  for (const row of query.byConfig(configKeyString(key))) status[row.ip] = row.md5;
  return status;
}

/**
 * What a client IP listens to on this node: group key -> md5. In the namespace the request names; without
 * one the default namespace, or with `all` every namespace the caller may read.
 */
export function listenedByIp(
  req: FastifyRequest,
  query: ConfigListenerQuery,
  ip: string,
  all: boolean,
): Record<string, string> {
  const namespace = requestNamespace(req);
  const visible = namespacesVisibleToCaller(req);
  const rows =
    all && namespace === undefined
      ? query.byIp(ip).filter((r) => visible(r.namespaceId))
      : query.byIp(ip, namespace ?? '');
  const status: Record<string, string> = {};
  for (const row of rows) status[groupKeyOf(row)] = row.md5;
  return status;
}

/**
 * The nacos listener queries, for this node's clients: `GET /nacos/v1/cs/configs/listener` (who listens to a
 * config: client IP -> md5 it holds) and `GET /nacos/v1/cs/listener` (what a client IP listens to: group
 * key -> md5). `POST /nacos/v1/cs/configs/listener` is the long-poll itself (listener-routes.ts).
 */
export function registerListenerQueryRoutes(app: FastifyInstance, query: ConfigListenerQuery): void {
  app.get('/nacos/v1/cs/configs/listener', ROUTE, async (req) => {
    const params = requestParams(req);
    const key = parseConfigKey({ dataId: params.dataId, group: params.group, tenant: requestNamespace(req) });
    return answer(listenersOfConfig(query, key));
  });

  app.get('/nacos/v1/cs/listener', ROUTE, async (req) => {
    const params = requestParams(req);
    const ip = optional(params, 'ip');
    if (!ip) throw invalid('ip is required');
    return answer(listenedByIp(req, query, ip, optional(params, 'all')?.toLowerCase() === 'true'));
  });
}
