import type { ConfigListenerDto, ConfigListenerParam } from '@tsnacos/protocol';
import type { FastifyInstance } from 'fastify';
import { canonicalTenant, configKeyString } from '../../core/config/config-key.js';
import type { ConfigListenerQuery, ListenerStatus } from '../../core/config/listener-query.js';
import { invalid } from '../../shared/errors.js';
import { configKeyOf, TENANT } from './config-query.js';
import { inputOf, optionalText, text } from './console-input.js';
import { namespaced } from './console-namespaces.js';
import { API } from './console-paths.js';
import { ok } from './envelope.js';

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
 * listening to that config; with `ip`: the configs that client listens to. Both within `tenant`, on this node.
 */
export function registerConfigListenerRoutes(app: FastifyInstance, query: ConfigListenerQuery): void {
  app.get(`${API}/v2/config/listeners`, namespaced(TENANT), async (req) => {
    const input = inputOf<ConfigListenerParam>(req);
    const ip = optionalText(input, 'ip');
    const dataId = optionalText(input, 'dataId');
    if (ip !== undefined && dataId !== undefined) throw invalid('give either dataId (and group) or ip, not both');
    let rows: ListenerStatus[];
    if (ip !== undefined) rows = query.byIp(ip, canonicalTenant(text(input, 'tenant')));
    else if (dataId !== undefined) rows = query.byConfig(configKeyString(configKeyOf(input)));
    else throw invalid('give dataId (and group) to list its listeners, or ip to list what a client listens to');
    return ok(rows.map(listenerDto));
  });
}
