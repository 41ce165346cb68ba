import type { ConfigListenerDto, ConfigListenerParam } from '@tsnacos/protocol';
import type { FastifyInstance } from 'fastify';
import { canonicalTenant, configKeyString } from '../../core/config/config-key.js';
import type { ConfigListenerQuery, ListenerAnswer, ListenerStatus } from '../../core/config/listener-query.js';
import { invalid } from '../../shared/errors.js';
import { configKeyOf, TENANT } from './config-query.js';
import { inputOf, optionalText, text } from './console-input.js';
import { namespaced } from './console-namespaces.js';
import { API } from './console-paths.js';
import { ok } from './envelope.js';

/** The nodes (`host:port`, comma-separated) whose clients are missing from the answer, for the web console. */
const UNANSWERED_NODES_HEADER = 'unanswered-nodes';

function listenerDto(s: ListenerStatus): ConfigListenerDto {
  return {
    via: s.via,
    ip: s.ip,
    address: s.address,
    tenant: s.namespaceId,
    group: s.group,
    dataId: s.dataId,
    md5: s.md5,
    currentMd5: s.currentMd5,
    inSync: s.inSync,
  };
}

/**
 * `GET /v2/config/listeners`: the "listening query" screen. With `dataId` (and `group`): the clients
 * listening to that config; with `ip`: the configs that client listens to. Both within `tenant`, on every
 * live node of the cluster; `message` and the `unanswered-nodes` header name the nodes that did not answer
 * (their clients are missing).
 */
export function registerConfigListenerRoutes(app: FastifyInstance, query: ConfigListenerQuery): void {
  app.get(`${API}/v2/config/listeners`, namespaced(TENANT), async (req, reply) => {
    const input = inputOf<ConfigListenerParam>(req);
    const ip = optionalText(input, 'ip');
    const dataId = optionalText(input, 'dataId');
    if (ip !== undefined && dataId !== undefined) throw invalid('give either dataId (and group) or ip, not both');
    let asked: ListenerAnswer | Promise<ListenerAnswer>;
    if (ip !== undefined) asked = query.inCluster({ ip }, canonicalTenant(text(input, 'tenant')));
    else if (dataId !== undefined) asked = query.inCluster({ keyString: configKeyString(configKeyOf(input)) });
    else throw invalid('give dataId (and group) to list its listeners, or ip to list what a client listens to');
    const { rows, unanswered } = await asked;
    const answer = ok(rows.map(listenerDto));
    if (unanswered.length > 0) {
      answer.message = `no answer from ${unanswered.join(', ')}: their clients are not listed`;
      void reply.header(UNANSWERED_NODES_HEADER, unanswered.join(','));
    }
    return answer;
  });
}
