import type { FastifyInstance } from 'fastify';
import type { ConfigListenerQuery } from '../../core/config/listener-query.js';
import { optional, rawParam, requestParams } from '../http-common/params.js';
import { NO_NAMESPACE } from '../http-v1/request-namespace.js';
import { PEER_AUTH_HEADER, type PeerAuth } from './peer-auth.js';
import { PEER_LISTENERS_PATH } from './peer-listener-client.js';

const MAX_IP = 256;
const MAX_KEY = 1024;

/**
 * `GET /nacos/v1/core/cluster/peer/listeners?keyString=` or `?ip=`: this node's own config listeners, for
 * another node of the cluster answering a listener query. Only a call signed with the cluster's peer key
 * is answered (403 otherwise); registered on cluster nodes only.
 */
export function registerPeerListenerRoutes(app: FastifyInstance, query: ConfigListenerQuery, auth: PeerAuth): void {
  app.get(PEER_LISTENERS_PATH, { config: { namespace: NO_NAMESPACE } }, async (req, reply) => {
    if (!auth.verify(req.headers[PEER_AUTH_HEADER], 'GET', req.url)) {
      return reply.code(403).send({ message: 'only the nodes of this cluster may ask this' });
    }
    const params = requestParams(req);
    const ip = optional(params, 'ip');
    const keyString = rawParam(params, 'keyString');
    if (ip !== undefined && ip.length <= MAX_IP) return { clients: query.localClients({ ip }) };
    if (keyString !== undefined && keyString.length <= MAX_KEY) return { clients: query.localClients({ keyString }) };
    return reply
      .code(400)
      .send({ message: `give ip (at most ${MAX_IP} characters) or keyString (at most ${MAX_KEY})` });
  });
}
