import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp, type App } from '../../src/app.js';
import { registerConsoleHint } from '../../src/adapters/console-api/console-hint.js';
import { declaredRoutes } from '../../src/adapters/console-api/console-namespaces.js';
import { PeerAuth } from '../../src/adapters/cluster-peers/peer-auth.js';
import { RequestPipeline } from '../../src/adapters/http-common/request-pipeline.js';
import { DEFAULT_LONG_POLL_TIMING } from '../../src/adapters/http-v1/listener-routes.js';
import { LongPollRegistry } from '../../src/adapters/http-v1/long-poll.js';
import type { NamespaceSource } from '../../src/adapters/http-v1/request-namespace.js';
import { createSdkHttpApp } from '../../src/adapters/http-v1/sdk-http-server.js';
import { loadSettings } from '../../src/settings.js';
import { createLogger } from '../../src/shared/logger.js';
import { VERSION } from '../../src/shared/version.js';
import { parsePrintedRoutes } from './route-tree.js';

export type Port = 'sdk' | 'console';

/** A route one of the two HTTP ports serves, with what it declares about access. */
export interface RegisteredRoute {
  port: Port;
  method: string;
  /** As registered: `/v0/servers/:id`, `/rnacos/*`. */
  url: string;
  /** SDK port: where the route reads its namespace (request-namespace.ts). */
  namespace?: NamespaceSource;
  /** SDK port: only admins may call it. */
  adminOnly?: boolean;
  /** Console port: the request fields naming namespaces (console-namespaces.ts). */
  namespaceFields?: string[];
  /** Served only by a cluster node (a shared database). */
  clusterOnly?: boolean;
  /** Answered before fastify, by path (the MCP endpoints): no fastify route. */
  fastPath?: boolean;
}

/**
 * The MCP endpoints on the SDK port, which a fast path answers by path (adapters/mcp/mcp-paths.ts)
 * before fastify routes anything; the document test checks each against that path reader.
 */
export const MCP_FAST_PATH_ROUTES: readonly RegisteredRoute[] = [
  ['POST', '/rnacos/mcp/:serverKey/:authKey'],
  ['DELETE', '/rnacos/mcp/:serverKey/:authKey'],
  ['GET', '/rnacos/mcp/sse/:serverKey/:authKey'],
  ['POST', '/rnacos/mcp/sse/messages/:nodeId/:serverKey'],
  ['POST', '/rnacos/mcp/sse/messages/:nodeId/:serverKey/:sessionId'],
].map(([method, url]) => ({ port: 'sdk', method, url, fastPath: true }));

/** The app as a default single node builds it (no ports opened), in a data directory of its own. */
export async function withDefaultApp<T>(use: (app: App) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-openapi-'));
  const settings = loadSettings({ RNACOS_DATA_DIR: dataDir, RNACOS_LOG_LEVEL: 'silent' });
  // the console's files are served from a directory that exists, built or not, so its routes are the same
  const webDist = pathToFileURL(`${dataDir}/`);
  const app = await buildApp({ settings, logger: createLogger('silent'), webDist });
  try {
    return await use(app);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The SDK port's routes with what each declares, recorded as fastify registers them (onRoute) on an app
 * built by the same function as the server's, with the routes a cluster node adds.
 */
async function sdkPortRoutes(app: App): Promise<RegisteredRoute[]> {
  const routes: RegisteredRoute[] = [];
  const pipeline = new RequestPipeline();
  const install = pipeline.install.bind(pipeline);
  // the pipeline is installed before any route is registered: record them from there
  pipeline.install = (fastify) => {
    fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const config = route.config ?? {};
        routes.push({ port: 'sdk', method, url: route.url, namespace: config.namespace, adminOnly: config.adminOnly });
      }
    });
    install(fastify);
  };
  const { core, settings } = app;
  const twin = createSdkHttpApp(
    {
      core,
      logger: createLogger('silent'),
      longPolls: new LongPollRegistry(core.configs),
      longPollTiming: DEFAULT_LONG_POLL_TIMING,
      isReady: () => true,
      udpPush: settings.namingUdpPush,
      server: { version: VERSION, consoleEnabled: settings.consoleEnabled },
      peerAuth: new PeerAuth('openapi-document'),
      mountConsole: (scope) => registerConsoleHint(scope, settings.consolePort),
    },
    pipeline,
  );
  await twin.ready();
  await twin.close();
  const served = app.sdkHttp!;
  for (const route of routes) if (!served.hasRoute({ method: route.method, url: route.url })) route.clusterOnly = true;
  return [...routes, ...MCP_FAST_PATH_ROUTES];
}

/** The console port's routes, read from its router, with the namespace fields its API routes declare. */
function consolePortRoutes(consoleHttp: FastifyInstance): RegisteredRoute[] {
  const fields = new Map(declaredRoutes(consoleHttp).map((r) => [`${r.method} ${r.url}`, r.fields]));
  return parsePrintedRoutes(consoleHttp.printRoutes()).map(({ method, url }) => ({
    port: 'console',
    method,
    url,
    namespaceFields: fields.get(`${method} ${url}`),
  }));
}

/** Every route of both HTTP ports of a default single node, and those a cluster node adds. */
export async function registeredRoutes(): Promise<RegisteredRoute[]> {
  return withDefaultApp(async (app) => [...(await sdkPortRoutes(app)), ...consolePortRoutes(app.consoleHttp!)]);
}
