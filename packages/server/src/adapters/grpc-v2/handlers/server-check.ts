import type { GrpcConnections } from '../connections.js';
import type { GrpcHandler } from '../grpc-handler.js';

/**
 * `ServerCheckRequest`: the first call of every client, before its stream exists. Announces the connection
 * id the stream will get and that the server negotiates abilities (it answers every setup that carries an
 * ability table with a `SetupAckRequest`).
 */
export function serverCheckHandler(connections: GrpcConnections): GrpcHandler {
  return {
    responseType: 'ServerCheckResponse',
    allowUnregistered: true,
    handle: (_body, ctx) => ({ connectionId: connections.idForPeer(ctx.peer), supportAbilityNegotiation: true }),
  };
}
