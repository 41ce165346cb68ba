import type { Core } from '../../core/core.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { FuzzyWatchLimits } from '../../core/fuzzy-watch/fuzzy-watch-index.js';
import { ConfigFuzzyWatch } from './config-fuzzy-watch.js';
import { ConfigListeners } from './config-listeners.js';
import { GrpcConnections, type ConnectionTimings } from './connections.js';
import { createGrpcServer, type GrpcServer } from './grpc-server.js';
import type { GrpcLimits } from './grpc-session-guard.js';
import { ErrorCode, type GrpcHandler } from './grpc-handler.js';
import { createHandlers } from './handlers.js';
import { NamingFuzzyWatch } from './naming-fuzzy-watch.js';
import { NamingPushes } from './naming-pushes.js';

export interface GrpcDoorDeps {
  core: Core;
  logger: Logger;
  clock: Clock;
  timings: ConnectionTimings;
  /** Largest config content; messages may be about twice that once JSON-escaped. */
  configMaxContent: number;
  /** At most one push per subscriber and service per window; a change after a quiet spell goes at once. */
  namingPushDelayMs?: number;
  /** Buffer cap and timeouts of the port (the message size follows from `configMaxContent`). */
  limits: Omit<GrpcLimits, 'maxMessageBytes'>;
  fuzzyWatchLimits: FuzzyWatchLimits;
  /**
   * RNACOS_ENABLE_GRPC_DETECTION_LOG: log each detection event at info (a client's ServerCheckRequest, each
   * ClientDetectionRequest probe and its outcome).
   */
  detectionLog?: boolean;
}

/** The nacos 2.x gRPC port: its server, the live connections and the state bound to them. */
export interface GrpcDoor extends GrpcServer {
  connections: GrpcConnections;
  configListeners: ConfigListeners;
  namingPushes: NamingPushes;
  handlers: ReadonlyMap<string, GrpcHandler>;
}

const MIN_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Short: a burst of changes (clients re-registering after a restart) becomes a few pushes, not hundreds. */
const DEFAULT_NAMING_PUSH_DELAY_MS = 10;

export function createGrpcDoor(deps: GrpcDoorDeps): GrpcDoor {
  const logger = deps.logger.child({ door: 'grpc' });
  const detectionLog = deps.detectionLog ? logger : undefined;
  const connections = new GrpcConnections(deps.core.connections, deps.clock, logger, deps.timings, detectionLog);
  deps.core.connections.setResetter((id, redirectAddress) => connections.resetOne(id, redirectAddress));
  const configListeners = new ConfigListeners(deps.core.configs, connections);
  deps.core.listenerQuery.addSource(configListeners);
  const namingPushes = new NamingPushes(
    deps.core.naming,
    connections,
    logger,
    deps.namingPushDelayMs ?? DEFAULT_NAMING_PUSH_DELAY_MS,
  );
  const configFuzzyWatch = new ConfigFuzzyWatch(deps.core.configs, connections, deps.fuzzyWatchLimits);
  const namingFuzzyWatch = new NamingFuzzyWatch(deps.core.naming, connections, deps.fuzzyWatchLimits);
  const handlers = createHandlers({
    core: deps.core,
    connections,
    configListeners,
    namingPushes,
    configFuzzyWatch,
    namingFuzzyWatch,
    detectionLog,
  });
  const server = createGrpcServer({
    handlers,
    connections,
    apiAccess: deps.core.apiAccess,
    logger,
    clock: deps.clock,
    limits: Object.assign({}, deps.limits, {
      maxMessageBytes: Math.max(MIN_MESSAGE_BYTES, deps.configMaxContent * 2 + 1024 * 1024),
    }),
    onAnswered: (ms, errorCode) => {
      deps.core.metrics.recordRequest('grpc', ms);
      // 500 a failure of the server, 503 its store out of reach; the others are the client's matter
      if (errorCode >= ErrorCode.SERVER_ERROR) deps.core.metrics.recordServerError('grpc');
    },
    // a cluster node that cannot represent clients takes no new connection (an SDK tries another server)
    admits: () => deps.core.cluster.acceptsClients(),
  });
  // ... and sends the ones it has to another node of their server list
  deps.core.cluster.onReleaseClients(() => server.releaseAll('this node lost its cluster lease'));
  const { metrics } = deps.core;
  metrics.addGauge('grpc_conn_size', 'gRPC client connections', () => connections.size());
  metrics.addGauge('grpc_buffered_bytes', 'bytes of gRPC messages received in part, held until the rest', () =>
    server.bufferedBytes(),
  );
  metrics.addGauge('config_subscriber_client_size', 'gRPC connections listening to configs', () =>
    configListeners.connectionCount(),
  );
  metrics.addGauge('config_subscriber_listener_key_size', 'configs listened to over gRPC', () =>
    configListeners.keyCount(),
  );
  // eslint-disable-next-line no-restricted-syntax -- built once, at start-up
  return {
    ...server,
    connections,
    configListeners,
    namingPushes,
    handlers,
    async close() {
      await server.close();
      namingPushes.close();
    },
  };
}
