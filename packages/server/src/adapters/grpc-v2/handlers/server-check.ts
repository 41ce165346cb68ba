import type { Logger } from '../../../shared/logger.js';
import type { GrpcConnections } from '../connections.js';
import type { GrpcHandler } from '../grpc-handler.js';

/**
 * `ServerCheckRequest`: the first call of every client, before its stream exists. Announces the connection
 * id the stream will get and that the server negotiates abilities (it answers every setup that carries an
 * ability table with a `SetupAckRequest`). With `detectionLog` (RNACOS_ENABLE_GRPC_DETECTION_LOG) each one
 * is logged at info, as r-nacos logs them with that setting.
 */
export function serverCheckHandler(connections: GrpcConnections, detectionLog?: Logger): GrpcHandler {
  return {
    responseType: 'ServerCheckResponse',
    allowUnregistered: true,
    handle: (_body, ctx) => {
      const connectionId = connections.idForPeer(ctx.peer);
      detectionLog?.info({ connectionId, peer: ctx.peer, clientIp: ctx.clientIp }, 'gRPC server check');
      return { connectionId, supportAbilityNegotiation: true };
    },
  };
}
