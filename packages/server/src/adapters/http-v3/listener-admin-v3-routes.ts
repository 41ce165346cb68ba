import type { FastifyInstance } from 'fastify';
import type { ConfigListenerQuery } from '../../core/config/listener-query.js';
import { optional, requestParams } from '../http-common/params.js';
import { ok } from '../http-common/nacos-result.js';
import { listenedByIp, listenersOfConfig, type ListenerMap } from '../http-v1/listener-query-routes.js';
import { CONFIG_V3_NAMESPACE, configKeyV3, required } from './v3-params.js';

/** Reads of the namespace named (`namespaceId`), as the v1 listener queries. */
const ROUTE = { config: { namespace: CONFIG_V3_NAMESPACE } };

/**
 * nacos's `ConfigListenerInfo`: what was asked (`config` or `ip`) and the md5 each listener holds; when a
 * cluster node did not answer, `unansweredNodes` names it.
 */
const listenerInfo = (queryType: 'config' | 'ip', { status, unanswered }: ListenerMap) =>
  ok(
    unanswered.length === 0
      ? { queryType, listenersStatus: status }
      : { queryType, listenersStatus: status, unansweredNodes: unanswered },
  );

/**
 * The listener queries of nacos 3, for the clients of every live node of the cluster: who listens to a config (client IP -> md5) and
 * what a client IP listens to (group key -> md5).
 */
export function registerListenerAdminV3Routes(app: FastifyInstance, query: ConfigListenerQuery): void {
  app.get('/nacos/v3/admin/cs/config/listener', ROUTE, async (req) => {
    const key = configKeyV3(req, requestParams(req));
    // nacos 3's `aggregation=false`: the listeners of the node asked only
    const thisNodeOnly = optional(requestParams(req), 'aggregation')?.toLowerCase() === 'false';
    return listenerInfo('config', await listenersOfConfig(query, key, thisNodeOnly));
  });

  app.get('/nacos/v3/admin/cs/listener', ROUTE, async (req) => {
    const params = requestParams(req);
    const ip = required(params, 'ip');
    return listenerInfo('ip', await listenedByIp(req, query, ip, optional(params, 'all')?.toLowerCase() === 'true'));
  });
}
