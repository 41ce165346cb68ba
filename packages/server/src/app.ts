import type { FastifyInstance } from 'fastify';
import { createSdkHttpPort } from './adapters/http-v1/sdk-http-port.js';
import { DEFAULT_LONG_POLL_TIMING, type LongPollTiming } from './adapters/http-v1/listener-routes.js';
import { LongPollRegistry } from './adapters/http-v1/long-poll.js';
import { DEFAULT_UDP_PUSH_TIMING, UdpPusher, type UdpPushTiming } from './adapters/udp-push/udp-pusher.js';
import { registerConsoleHint } from './adapters/console-api/console-hint.js';
import type { FastPath } from './adapters/http-common/fast-path.js';
import { FastifyPort } from './adapters/http-common/fastify-port.js';
import { DEFAULT_CONNECTION_TIMINGS, type ConnectionTimings } from './adapters/grpc-v2/connections.js';
import { createGrpcDoor, type GrpcDoor } from './adapters/grpc-v2/grpc-door.js';
import { ConfigService } from './core/config/config-service.js';
import { ConfigListenerQuery } from './core/config/listener-query.js';
import { AuditLog } from './core/audit/audit-log.js';
import { startAuditRetention } from './core/audit/audit-retention.js';
import { createAuth } from './core/auth/auth-factory.js';
import type { CaptchaSource } from './core/auth/captcha-service.js';
import { VERSION } from './shared/version.js';
import type { Core } from './core/core.js';
import { ClientConnectionRegistry } from './core/connection/client-connection-registry.js';
import { addClusterGauges } from './core/cluster/cluster-gauges.js';
import { SingleNodeMembers } from './core/cluster/cluster-members.js';
import { McpService } from './core/mcp/mcp-service.js';
import { McpRegistry } from './core/ai/mcp-registry.js';
import { McpEndpoints } from './core/ai/mcp-endpoints.js';
import { AgentRegistry } from './core/ai/agent-registry.js';
import { AgentEndpoints } from './core/ai/agent-endpoints.js';
import { LazyToolCalls } from './core/mcp/lazy-tool-calls.js';
import { LazyOutbound } from './core/outbound/lazy-outbound.js';
import { LazyProbeDoor } from './core/naming/lazy-probe-door.js';
import { PersistentProber } from './core/naming/persistent-probe.js';
import { probeOwnership } from './core/cluster/probe-ownership.js';
import type { McpEndpoint } from './adapters/mcp/mcp-endpoint.js';
import { MetricsLog } from './core/metrics/metrics-log.js';
import { MetricsService } from './core/metrics/metrics-service.js';
import { NamespaceService } from './core/namespace/namespace-service.js';
import { NamingService } from './core/naming/naming-service.js';
import { systemClock, type Clock } from './shared/clock.js';
import { isUnavailable } from './shared/errors.js';
import { createLogger, type Logger } from './shared/logger.js';
import type { Settings } from './settings.js';
import { openStores } from './store-wiring.js';
import { transferOnDemand } from './transfer-on-demand.js';
import type { ClusterMembership } from './cluster-wiring.js';

/** How often heartbeats, subscribers and push retries are checked once listening. */
const NAMING_TICK_MS = 1000;
/** Fastify's own keep-alive default, which the console has when fastify owns its port. */
const CONSOLE_KEEP_ALIVE_MS = 72_000;

/** What the process (or a test) can swap: everything else comes from the settings. */
export interface AppOptions {
  settings: Settings;
  logger?: Logger;
  clock?: Clock;
  longPollTiming?: LongPollTiming;
  /** gRPC push/detection timings; the detection idle time otherwise comes from the settings. */
  grpcTimings?: Partial<ConnectionTimings>;
  /** Window within which naming changes after a gRPC push wait to go out together (tests lengthen it). */
  grpcPushDelayMs?: number;
  udpPushTiming?: Partial<UdpPushTiming>;
  /** Interval of persistent instance probes in ms, below the setting's 5 s floor (tests); 0: off. */
  probeIntervalMs?: number;
  /** Captcha text and picture; tests inject a text they know. */
  captchaSource?: CaptchaSource;
  /** The built web console served at `/rnacos`. */
  webDist?: URL;
  /**
   * Build the OpenAPI routes and the console when their ports get the first request that needs them (the
   * process does: it is ready sooner, and loads neither when no client needs it); otherwise both are built
   * here, for tests that inject.
   */
  lazyHttp?: boolean;
}

export interface ListenAddresses {
  http: string;
  console: string | null;
  /** Bound gRPC port. */
  grpc: number;
}

export interface App {
  settings: Settings;
  core: Core;
  /** The OpenAPI routes; null with `lazyHttp`. */
  sdkHttp: FastifyInstance | null;
  /** Null without a console, and with `lazyHttp`. */
  consoleHttp: FastifyInstance | null;
  /** The nacos 2.x gRPC door (its connections are readable through `core.connections`). */
  grpc: GrpcDoor;
  /** UDP pushes to 1.x naming clients; null when RNACOS_NAMING_UDP_PUSH is false. Binds in listen(). */
  udpPush: UdpPusher | null;
  /** Probes persistent instances once the ports are open; null when probing is off. */
  prober: PersistentProber | null;
  /** Metrics summaries in the log (`RNACOS_METRICS_ENABLE_LOG`); null when off. Runs from listen() to close(). */
  metricsLog: MetricsLog | null;
  /** Opens the ports; tests that only inject requests never call it. */
  listen(): Promise<ListenAddresses>;
  /** Stops accepting, answers held requests, then closes the store. */
  close(): Promise<void>;
}

/** All the wiring of the server in one place. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { settings } = options;
  const logger = options.logger ?? createLogger(settings.logLevel, settings.logFormat);
  const clock = options.clock ?? systemClock;

  const stores = await openStores(settings, { logger });
  const { auth, apiAccess } = await createAuth(
    { users: stores.users, sessions: stores.sessions },
    settings,
    clock,
    logger,
    options.captchaSource,
  );
  const audit = new AuditLog(stores.audit, clock, {
    ...settings.audit,
    // with the database gone the store has said so once; a row per refused write would flood the log
    onError: (err) =>
      isUnavailable(err)
        ? logger.debug({ reason: (err as Error).message }, 'an audit row could not be written')
        : logger.error({ err }, 'an audit row could not be written'),
  });
  const configs = await ConfigService.create(stores.configs, clock, settings.configMaxContent, stores.configGrays);
  configs.useAudit(audit);
  // naming is built next; the probe runs only when a namespace is to be removed
  const namespaces = await NamespaceService.create(stores.namespaces, clock, (namespaceId) => ({
    configs: configs.count(namespaceId),
    services: naming.listServices({ namespaceId }).length,
  }));
  const naming = await NamingService.create(
    stores.instances,
    clock,
    { beatTimeoutMs: settings.namingHealthTimeoutMs, deleteTimeoutMs: settings.namingInstanceTimeoutMs },
    settings.namingInstanceMetadataPersistence ? stores.instanceMetadata : undefined,
  );
  const mcp = await McpService.create(stores.mcp, clock);
  const mcpRegistry = await McpRegistry.create(stores.mcpRegistry, new McpEndpoints(naming), clock);
  const agentRegistry = await AgentRegistry.create(stores.agentRegistry, new AgentEndpoints(naming), clock);
  // MCP tool calls and probes of persistent instances, under the outbound policy (built with the first call)
  const outbound = new LazyOutbound({ allow: settings.outboundAllowCidrs, deny: settings.outboundDenyCidrs });
  ownPorts(outbound, settings.httpPort, settings.grpcPort, settings.consoleEnabled ? settings.consolePort : 0);
  const toolCalls = new LazyToolCalls(naming, outbound, {
    timeoutMs: settings.mcpHttpTimeoutMs,
    maxResponseBytes: settings.mcpMaxResponseBytes,
    maxInFlight: settings.mcpMaxCallsInFlight,
  });
  const models = { configs, namespaces, naming, users: auth.users };
  // on a shared store: hear the other nodes' changes, share this node's instances, keep a lease (the
  // cluster's code is loaded only then)
  const membership: ClusterMembership | null = stores.cluster
    ? await (
        await import('./cluster-wiring.js')
      ).joinCluster(
        stores.cluster,
        { ...models, sessions: auth.sessions, mcp, mcpRegistry, agentRegistry },
        settings,
        logger,
      )
    : null;
  const probeIntervalMs = options.probeIntervalMs ?? settings.namingProbeIntervalMs;
  const prober =
    probeIntervalMs > 0
      ? new PersistentProber(naming, new LazyProbeDoor(outbound), {
          intervalMs: probeIntervalMs,
          ownership: membership ? probeOwnership(membership.members) : undefined,
          logger,
        })
      : null;
  const core: Core = {
    configs,
    listenerQuery: new ConfigListenerQuery((keyString) => configs.md5Of(keyString)),
    namespaces,
    naming,
    apiAccess,
    auth,
    // the OAuth2 login's code is loaded only when it is configured
    oauth2: settings.oauth2
      ? new (await import('./core/auth/oauth2-login.js')).OAuth2Login(settings.oauth2, {
          users: auth.users,
          sessions: auth.sessions,
          clock,
          logger,
          consoleLoginSeconds: settings.consoleLoginTimeoutSeconds,
          perHour: settings.consoleLoginOneHourLimit,
        })
      : undefined,
    metrics: new MetricsService({
      clock,
      enabled: settings.enableMetrics,
      collectIntervalSeconds: settings.metricsCollectIntervalSeconds,
    }),
    mcp,
    mcpRegistry,
    agentRegistry,
    mcpTools: toolCalls,
    connections: new ClientConnectionRegistry(),
    audit,
    cluster: membership?.members ?? new SingleNodeMembers(settings.nodeId, settings.nodeAddr),
    transfer: transferOnDemand(stores.transfer, clock, settings, models, mcp),
    backup: stores.backup ?? null,
  };
  // a wrong issuer or client shows in the log at start, not only at the first login
  core.oauth2?.checkProvider();
  let namingTimer: ReturnType<typeof setInterval> | null = null;
  let stopAuditRetention: (() => void) | null = null;
  const udpPush = settings.namingUdpPush
    ? new UdpPusher(core.naming, clock, logger, { ...DEFAULT_UDP_PUSH_TIMING, ...options.udpPushTiming })
    : null;

  let closing = false;
  const longPolls = new LongPollRegistry(configs);
  core.listenerQuery.addSource(longPolls);
  // a listener query on a cluster node lists the clients of every live node
  if (membership) core.listenerQuery.setPeers(membership.listenerPeers);
  const consoleDeps = { core, logger, settings, clock, version: VERSION, webDist: options.webDist };
  // The no-login console never runs beside OpenAPI auth: it would be a way around it.
  const oldConsole = settings.enableNoAuthConsole && !settings.enableOpenApiAuth;
  // the console's code (static files, uploads, cookies) is loaded only by a server that serves a console
  const loadConsoleApi = () => import('./adapters/console-api/console-http-server.js');
  const oldConsoleApi = oldConsole ? await loadConsoleApi() : null;
  const httpTimeouts = {
    stallTimeoutMs: settings.requestStallTimeoutMs,
    idleTimeoutMs: settings.connectionIdleTimeoutMs,
  };
  // the MCP SDK loads with the first MCP request
  let mcpEndpoint: Promise<McpEndpoint> | undefined;
  const loadMcpEndpoint = () =>
    (mcpEndpoint ??= import('./adapters/mcp/mcp-endpoint.js').then(
      (m) =>
        new m.McpEndpoint({
          mcp: core.mcp,
          invoker: core.mcpTools,
          nodeId: settings.nodeId,
          logger,
          sse: {
            maxSessions: settings.mcpSseMaxSessions,
            maxPerServer: settings.mcpSseMaxSessionsPerServer,
            idleMs: settings.mcpSseIdleTimeoutMs,
          },
        }),
    ));
  const sdkPort = createSdkHttpPort(
    {
      core,
      logger,
      longPolls,
      longPollTiming: options.longPollTiming ?? DEFAULT_LONG_POLL_TIMING,
      isReady: () => !closing,
      udpPush: udpPush !== null,
      mcpEndpoint: loadMcpEndpoint,
      server: { version: VERSION, consoleEnabled: settings.consoleEnabled },
      backupToken: settings.backupToken,
      peerAuth: membership?.peerAuth,
      mountConsole: (app) =>
        oldConsoleApi
          ? oldConsoleApi.registerOldConsole(app, consoleDeps)
          : registerConsoleHint(app, settings.consoleEnabled ? settings.consolePort : 0),
    },
    httpTimeouts,
  );
  core.metrics.addGauge('config_data_size', 'number of configs', () => core.configs.count());
  core.metrics.addGauge('config_listener_client_size', 'held HTTP config long-polls', () => longPolls.size());
  core.metrics.addGauge('config_listener_key_size', 'config watch registrations', () => configs.watcherCount());
  core.metrics.addGauge('naming_service_size', 'number of services', () => core.naming.stats().serviceCount);
  core.metrics.addGauge('naming_instance_size', 'number of instances', () => core.naming.stats().instanceCount);
  core.metrics.addGauge(
    'naming_subscriber_client_size',
    'service subscribers',
    () => core.naming.stats().subscriberCount,
  );
  core.metrics.addGauge(
    'naming_probe_round_ms',
    'duration of the last probe round over persistent instances, in ms',
    () => prober?.lastRound?.durationMs ?? 0,
  );
  core.metrics.addGauge(
    'naming_probe_unhealthy_size',
    'persistent instances this node found down in its last probe round',
    () => prober?.lastRound?.down ?? 0,
  );
  core.metrics.addCounter(
    'login_refused_total',
    'console and SDK logins refused: no or wrong username or password, or too many attempts',
    () => auth.refusedLogins,
  );
  const metricsLog = settings.metricsLogIntervalSeconds
    ? new MetricsLog({
        intervalSeconds: settings.metricsLogIntervalSeconds,
        summary: () => core.metrics.summary(),
        write: (figures) => logger.info({ metrics: figures }, 'metrics summary'),
        failed: (err) => logger.warn({ err }, 'metrics summary failed'),
      })
    : null;
  const cluster = stores.cluster;
  if (cluster) addClusterGauges(core.metrics, core.cluster, () => cluster.databaseUp());
  const grpc = createGrpcDoor({
    core,
    logger,
    clock,
    timings: {
      ...DEFAULT_CONNECTION_TIMINGS,
      detectionIdleMs: settings.grpcDetectionTimeoutSeconds * 1000,
      ...options.grpcTimings,
    },
    configMaxContent: settings.configMaxContent,
    namingPushDelayMs: options.grpcPushDelayMs,
    limits: {
      maxBufferedBytes: settings.grpcMaxBufferedBytes,
      stallTimeoutMs: settings.requestStallTimeoutMs,
      idleTimeoutMs: settings.connectionIdleTimeoutMs,
    },
    fuzzyWatchLimits: { maxPatterns: settings.fuzzyWatchMaxPatterns, maxMatched: settings.fuzzyWatchMaxMatched },
    detectionLog: settings.enableGrpcDetectionLog,
  });
  // the console's fast path comes with its code, loaded for the first request fastify takes (a page, a login)
  let consoleFastPath: FastPath | undefined;
  const buildConsole = async () => {
    const api = await loadConsoleApi();
    consoleFastPath = api.createConsoleFastPath(core);
    return api.createConsoleHttpServer(consoleDeps);
  };
  const sdkHttp = options.lazyHttp ? null : await sdkPort.app();
  const consolePort = settings.consoleEnabled
    ? new FastifyPort({
        name: 'console',
        build: buildConsole,
        fastPath: (req, res, watch) => consoleFastPath?.(req, res, watch) ?? false,
        keepAliveTimeoutMs: CONSOLE_KEEP_ALIVE_MS,
        timeouts: httpTimeouts,
        logger,
      })
    : null;
  const consoleHttp = consolePort && !options.lazyHttp ? await consolePort.app() : null;

  return {
    settings,
    core,
    sdkHttp,
    consoleHttp,
    udpPush,
    metricsLog,
    grpc,
    prober,
    async listen() {
      const http = await sdkPort.listen(settings.httpPort, settings.sdkHost);
      const grpcPort = await grpc.listen(settings.sdkHost, settings.grpcPort);
      await udpPush?.start(settings.sdkHost);
      namingTimer ??= setInterval(() => {
        try {
          core.naming.tick();
          udpPush?.tick();
        } catch (err) {
          logger.error({ err }, 'naming tick failed');
        }
      }, NAMING_TICK_MS);
      const consoleUrl = (await consolePort?.listen(settings.consolePort, settings.consoleHost)) ?? null;
      core.metrics.start();
      metricsLog?.start();
      stopAuditRetention ??= startAuditRetention(audit, logger);
      // the bound ports (a test asks for any free one)
      ownPorts(outbound, portOf(http), grpcPort, consoleUrl ? portOf(consoleUrl) : 0);
      // only now: the probes must know the bound ports to keep off them
      prober?.start();
      return { http, console: consoleUrl, grpc: grpcPort };
    },
    async close() {
      if (closing) return;
      closing = true;
      if (namingTimer) clearInterval(namingTimer);
      stopAuditRetention?.();
      core.metrics.stop();
      metricsLog?.stop();
      longPolls.releaseAll();
      await mcpEndpoint?.then((endpoint) => endpoint.close()).catch(() => undefined);
      await Promise.all([sdkPort.close(), consolePort?.close(), udpPush?.close(), grpc.close()]);
      await prober?.stop();
      await outbound.close();
      await membership?.leave();
      await stores.close();
    },
  };
}

/** Outbound calls never reach this server's own ports on this host. */
function ownPorts(policy: LazyOutbound, http: number, grpc: number, console: number): void {
  policy.setOwnPort('HTTP', http);
  policy.setOwnPort('gRPC', grpc);
  policy.setOwnPort('console', console);
}

/** A URL names no port when it is the default one. */
const portOf = (url: string) => Number(new URL(url).port || 80);
