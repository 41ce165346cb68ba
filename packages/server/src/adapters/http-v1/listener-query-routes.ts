import type { FastifyInstance, FastifyRequest } from 'fastify';
import { configKeyString, parseConfigKey, type ConfigKey } from '../../core/config/config-key.js';
import type { ConfigListenerQuery, ListenerAnswer, ListenerStatus } from '../../core/config/listener-query.js';
import { invalid } from '../../shared/errors.js';
import { optional, requestParams } from '../http-common/params.js';
import { namespacesVisibleToCaller } from './api-auth-hook.js';
import { CONFIG_NAMESPACE, requestNamespace } from './request-namespace.js';

const ROUTE = { config: { namespace: CONFIG_NAMESPACE } };

/** Listeners -> the md5 they hold, and the cluster nodes that did not answer (empty on a single node). */
export interface ListenerMap {
  status: Record<string, string>;
  unanswered: string[];
}

/**
 * nacos' `GroupkeyListenserStatus` (its spelling): 200 and a map of listeners to the md5 they hold; when a
 * cluster node did not answer, `unansweredNodes` names it (its clients are missing).
 */
const answer = ({ status, unanswered }: ListenerMap) =>
  unanswered.length === 0
    ? { collectStatus: 200, lisentersGroupkeyStatus: status }
    : { collectStatus: 200, lisentersGroupkeyStatus: status, unansweredNodes: unanswered };

/** nacos' group key, `dataId+group[+tenant]` (valid names hold neither `+` nor `%`, so nothing to escape). */
const groupKeyOf = (s: ListenerStatus) => [s.dataId, s.group, s.namespaceId].filter((part) => part !== '').join('+');

/** The answer of every live node of the cluster, mapped by `keyOf`. */
async function mapped(asked: ListenerAnswer | Promise<ListenerAnswer>, keyOf: (row: ListenerStatus) => string) {
  const { rows, unanswered } = await asked;
  const status: Record<string, string> = {};
  for (const row of rows) status[keyOf(row)] = row.md5;
  return { status, unanswered };
}

/**
 * Who listens to a config on any live node of the cluster (with `thisNodeOnly`, on this node): client IP ->
 * the md5 it holds.
 */
export function listenersOfConfig(
  query: ConfigListenerQuery,
  key: ConfigKey,
  thisNodeOnly = false,
): Promise<ListenerMap> {
  const keyString = configKeyString(key);
  const asked = thisNodeOnly ? { rows: query.byConfig(keyString), unanswered: [] } : query.inCluster({ keyString });
  return mapped(asked, (row) => row.ip);
}

/**
 * What a client IP listens to on any live node of the cluster: group key -> md5. In the namespace the
 * request names; without one the default namespace, or with `all` every namespace the caller may read.
 */
export async function listenedByIp(
  req: FastifyRequest,
  query: ConfigListenerQuery,
  ip: string,
  all: boolean,
): Promise<ListenerMap> {
  const namespace = requestNamespace(req);
  const visible = namespacesVisibleToCaller(req);
  const answer = await (all && namespace === undefined
    ? query.inCluster({ ip })
    : query.inCluster({ ip }, namespace ?? ''));
  if (all && namespace === undefined) answer.rows = answer.rows.filter((r) => visible(r.namespaceId));
  return mapped(answer, groupKeyOf);
}

/**
 * The nacos listener queries, for the clients of every live node of the cluster: `GET /nacos/v1/cs/configs/listener` (who listens to a
 * config: client IP -> md5 it holds) and `GET /nacos/v1/cs/listener` (what a client IP listens to: group
 * key -> md5). `POST /nacos/v1/cs/configs/listener` is the long-poll itself (listener-routes.ts).
 */
export function registerListenerQueryRoutes(app: FastifyInstance, query: ConfigListenerQuery): void {
  app.get('/nacos/v1/cs/configs/listener', ROUTE, async (req) => {
    const params = requestParams(req);
    const key = parseConfigKey({ dataId: params.dataId, group: params.group, tenant: requestNamespace(req) });
    return answer(await listenersOfConfig(query, key));
  });

  app.get('/nacos/v1/cs/listener', ROUTE, async (req) => {
    const params = requestParams(req);
    const ip = optional(params, 'ip');
    if (!ip) throw invalid('ip is required');
    return answer(await listenedByIp(req, query, ip, optional(params, 'all')?.toLowerCase() === 'true'));
  });
}
