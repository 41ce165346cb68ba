import type { GrpcHandler } from '../grpc-handler.js';

/**
 * `HealthCheckRequest`: clients send it after 5 s without traffic. Reaching the handler means the
 * connection is registered (and now refreshed); unknown connections get `ErrorResponse` 301 from the
 * dispatcher, which makes the client reconnect.
 */
export function healthCheckHandler(): GrpcHandler {
  return { responseType: 'HealthCheckResponse', handle: () => ({}) };
}
