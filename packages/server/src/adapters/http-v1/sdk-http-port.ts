import type { HttpTimeouts } from '../http-common/connection-timeouts.js';
import { firstFastPath } from '../http-common/fast-path.js';
import { FastifyPort } from '../http-common/fastify-port.js';
import { RequestPipeline } from '../http-common/request-pipeline.js';
import { apiAuthStage } from './api-auth-hook.js';
import { createConfigFastPath } from './config-fast-path.js';
import { createConfigPublishFastPath } from './config-publish-fast-path.js';
import { mcpLogPath } from '../mcp/mcp-paths.js';
import { createMcpFastPath } from '../mcp/mcp-routes.js';
import { createHealthFastPath } from './health-routes.js';
import { requestMetricsStage } from './metrics-routes.js';
import { createNamingFastPath } from './naming-fast-path.js';
import { sdkBodyLimit } from './sdk-body-limit.js';
import type { SdkHttpDeps } from './sdk-http-server.js';

/** Long-poll requests are held ~30 s; idle keep-alive connections must outlive them. */
const KEEP_ALIVE_MS = 75_000;

/**
 * The SDK port (8848). Probes, plain config reads and publishes, instance-list polls and beats are answered before
 * fastify; the routes (sdk-http-server.ts) are loaded and built for the first request they must take, so a
 * port only 2.x clients use (they speak gRPC) never loads them.
 */
export function createSdkHttpPort(deps: SdkHttpDeps, timeouts: HttpTimeouts): FastifyPort {
  const { core } = deps;
  // Every hook of this port is a pipeline stage, so the fast paths run it too (or leave the request to fastify).
  const pipeline = new RequestPipeline().use(requestMetricsStage(core.metrics)).use(apiAuthStage(core.apiAccess));
  // the busiest reads are tried first; probes (a few a second) last
  const fastPath = firstFastPath([
    createConfigFastPath({ configs: core.configs, pipeline }),
    createNamingFastPath({ naming: core.naming, udpPush: deps.udpPush, pipeline }),
    createConfigPublishFastPath({
      configs: core.configs,
      auth: core.auth,
      pipeline,
      logger: deps.logger,
      bodyLimit: sdkBodyLimit(core),
    }),
    // MCP clients carry the server's auth key, not a nacos login: the OpenAPI auth stage does not apply
    ...(deps.mcpEndpoint ? [createMcpFastPath(deps.mcpEndpoint, deps.logger)] : []),
    createHealthFastPath(deps.isReady, pipeline),
  ]);
  return new FastifyPort({
    name: 'OpenAPI',
    door: 'http',
    // MCP requests carry their auth key in the path
    doorOf: mcpLogPath,
    fastPath,
    keepAliveTimeoutMs: KEEP_ALIVE_MS,
    timeouts,
    logger: deps.logger,
    build: async () => (await import('./sdk-http-server.js')).createSdkHttpApp(deps, pipeline),
  });
}
