import type { FastifyInstance } from 'fastify';
import { createSdkHttpServer } from './adapters/http-v1/sdk-http-server.js';
import { DEFAULT_LONG_POLL_TIMING, type LongPollTiming } from './adapters/http-v1/listener-routes.js';
import { LongPollRegistry } from './adapters/http-v1/long-poll.js';
import { createConsoleHttpServer } from './adapters/console-api/console-http-server.js';
import { ConfigService } from './core/config/config-service.js';
import { ConfigWatchHub } from './core/config/config-watch-hub.js';
import { openApiAccess } from './core/auth/api-access.js';
import type { Core } from './core/core.js';
import { NamespaceService } from './core/namespace/namespace-service.js';
import { NamingService } from './core/naming/naming-service.js';
import { systemClock, type Clock } from './shared/clock.js';
import { createLogger, type Logger } from './shared/logger.js';
import type { Settings } from './settings.js';
import { openDatabase } from './storage/sqlite/database.js';
import { SqliteConfigStore } from './storage/sqlite/sqlite-config-store.js';
import { SqliteNamespaceStore } from './storage/sqlite/sqlite-namespace-store.js';
import { SqliteInstanceStore } from './storage/sqlite/sqlite-instance-store.js';

/** How often heartbeats, subscribers and push retries are checked once listening. */
const NAMING_TICK_MS = 1000;

/** What the process (or a test) can swap: everything else comes from the settings. */
export interface AppOptions {
  settings: Settings;
  logger?: Logger;
  clock?: Clock;
  longPollTiming?: LongPollTiming;
}

export interface ListenAddresses {
  http: string;
  console: string | null;
}

export interface App {
  settings: Settings;
  core: Core;
  sdkHttp: FastifyInstance;
  consoleHttp: FastifyInstance | null;
  /** Opens the ports; tests that only inject requests never call it. */
  listen(): Promise<ListenAddresses>;
  /** Stops accepting, answers held requests, then closes the store. */
  close(): Promise<void>;
}

/** All the wiring of the server in one place. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { settings } = options;
  const logger = options.logger ?? createLogger(settings.logLevel);
  const clock = options.clock ?? systemClock;

  const db = openDatabase(settings.dataDir);
  const watchers = new ConfigWatchHub();
  const core: Core = {
    configs: await ConfigService.create(new SqliteConfigStore(db), watchers, clock, settings.configMaxContent),
    namespaces: await NamespaceService.create(new SqliteNamespaceStore(db), clock),
    naming: await NamingService.create(new SqliteInstanceStore(db), clock, {
      beatTimeoutMs: settings.namingHealthTimeoutMs,
      deleteTimeoutMs: settings.namingInstanceTimeoutMs,
    }),
    apiAccess: openApiAccess,
  };
  let namingTimer: ReturnType<typeof setInterval> | null = null;

  let closing = false;
  const longPolls = new LongPollRegistry(watchers);
  const sdkHttp = createSdkHttpServer({
    core,
    logger,
    longPolls,
    longPollTiming: options.longPollTiming ?? DEFAULT_LONG_POLL_TIMING,
    isReady: () => !closing,
    udpPush: false,
  });
  const consoleHttp = settings.consolePort > 0 ? createConsoleHttpServer({ core, logger }) : null;

  return {
    settings,
    core,
    sdkHttp,
    consoleHttp,
    async listen() {
      const http = await sdkHttp.listen({ port: settings.httpPort, host: settings.sdkHost });
      namingTimer ??= setInterval(() => core.naming.tick(), NAMING_TICK_MS);
      const consoleUrl = consoleHttp
        ? await consoleHttp.listen({ port: settings.consolePort, host: settings.consoleHost })
        : null;
      return { http, console: consoleUrl };
    },
    async close() {
      if (closing) return;
      closing = true;
      if (namingTimer) clearInterval(namingTimer);
      longPolls.releaseAll();
      await Promise.all([sdkHttp.close(), consoleHttp?.close()]);
      db.close();
    },
  };
}
