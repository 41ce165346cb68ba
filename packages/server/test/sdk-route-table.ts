import type { RouteOptions } from 'fastify';
import { RequestPipeline } from '../src/adapters/http-common/request-pipeline.js';
import { LongPollRegistry } from '../src/adapters/http-v1/long-poll.js';
import { guardedRoute } from '../src/adapters/http-v1/api-auth-hook.js';
import { DEFAULT_LONG_POLL_TIMING } from '../src/adapters/http-v1/listener-routes.js';
import type { NamespaceSource } from '../src/adapters/http-v1/request-namespace.js';
import { createSdkHttpApp } from '../src/adapters/http-v1/sdk-http-server.js';
import { createLogger } from '../src/shared/logger.js';
import type { TestApp } from './helpers.js';

export interface SdkRoute {
  method: string;
  url: string;
  /** What the route declares about the namespace it acts on (undefined: nothing declared). */
  namespace: NamespaceSource | undefined;
}

/**
 * The routes under OpenAPI auth (`/nacos/**`, `/rnacos/v1/**`) of the SDK port exactly as the server registers them (fastify's onRoute), with the
 * namespace each declares: the privilege matrix is generated from this list.
 */
export async function sdkRoutes(app: TestApp): Promise<SdkRoute[]> {
  const routes: SdkRoute[] = [];
  const pipeline = new RequestPipeline();
  const install = pipeline.install.bind(pipeline);
  // the pipeline is installed before any route is registered: record them from there
  pipeline.install = (fastify) => {
    fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || !guardedRoute(route.url)) continue;
        routes.push({ method, url: route.url, namespace: route.config?.namespace });
      }
    });
    install(fastify);
  };
  const twin = createSdkHttpApp(
    {
      core: app.core,
      logger: createLogger('silent'),
      longPolls: new LongPollRegistry(app.core.configs),
      longPollTiming: DEFAULT_LONG_POLL_TIMING,
      isReady: () => true,
      udpPush: false,
      server: { version: 'test', consoleEnabled: true },
    },
    pipeline,
  );
  await twin.ready();
  await twin.close();
  return routes;
}
