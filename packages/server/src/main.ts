#!/usr/bin/env -S node --max-semi-space-size=4
// A young generation of 4 MB instead of 16: about 20 MB less memory with 10k instances at the same GC cost
// per request (2 MB costs more GC under gRPC load; bench/README.md). `npm start` passes the same flag.
import v8 from 'node:v8';
import type { ServeRequest } from './cli.js';
import { environmentFromFlags } from './environment.js';
import { settingNotices } from './setting-notices.js';
import { SettingsError, checkFeatureSettings, loadSettings } from './settings.js';
import { reachableAddresses, startupBanner } from './startup-banner.js';
import { hostInterfaces } from './shared/host-interfaces.js';
import { createLogger } from './shared/logger.js';
import { maskUrl } from './shared/mask-url.js';
import { VERSION } from './shared/version.js';

async function serve({ settings, environment }: ServeRequest): Promise<void> {
  await checkFeatureSettings(settings);
  // V8 pretenures an allocation site once many of its objects outlive a young-generation GC, and keeps
  // doing so. A burst of requests held a moment (while the routes are built, or HTTP long-polls) made it
  // allocate every later request's objects in the old generation: mark-compacts several times a second
  // and a fifth to half less throughput for the life of the process, in about a third of the starts.
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
  // Loaded here so the offline tools start without the HTTP stack.
  const { buildApp } = await import('./app.js');
  const logger = createLogger(settings.logLevel, settings.logFormat);
  for (const notice of settingNotices(environment, settings)) logger.warn(notice);
  const app = await buildApp({ settings, logger, lazyHttp: true });
  const urls = await app.listen();
  const store = settings.dbUrl ? `${maskUrl(settings.dbUrl)} (cluster node ${settings.nodeId})` : settings.dataDir;
  const host = hostInterfaces();
  if (host.error)
    logger.warn(`the host's addresses cannot be listed (${host.error}): the start line names loopback only`);
  const banner = startupBanner(VERSION, settings, urls, store, reachableAddresses(host.interfaces));
  // the start line is printed at any log level but silent: it says where the server can be reached
  const announce = settings.logLevel === 'silent' ? logger : logger.child({}, { level: 'info' });
  announce.info(banner.fields, banner.msg);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting at once`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: shutting down`);
    app.close().then(
      () => {
        // a clean stop is told from a crash by this line
        logger.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Started over an IPC channel (`npm start` runs the server apart from its process group): a launcher that
  // dies, even by SIGKILL, closes the channel, and the server must not outlive it holding ports and store.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => stop('the launcher exited'));
  }
}

/** The plain start (`npm start`, containers) has no command line to parse: the CLI's code stays unloaded. */
async function run(argv: string[]): Promise<void> {
  if (argv.length <= 2) {
    const environment = environmentFromFlags();
    return serve({ settings: loadSettings(environment), environment });
  }
  const { createProgram } = await import('./cli.js');
  await createProgram(serve).parseAsync(argv);
}

run(process.argv).catch((err: unknown) => {
  if (err instanceof SettingsError) console.error(`tsnacos: invalid setting: ${err.message}`);
  else console.error(`tsnacos: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
