// The paths `npm run bench:regress` measures on both builds, each built from the loads and helpers of the
// other benches: what a path starts, seeds and warms up once per build, and what one round of it measures.
import { CONSOLE_LOGIN_ENV, consoleConfigPath, consoleLogin } from './console-session.js';
import { openMany } from './grpc-client.js';
import { queries, seedQueried } from './grpc-cpu-bench.js';
import { idleConnections } from './grpc-idle.js';
import { hit, type Run } from './http-compare.js';
import { freePort, median, publishConfig, rssMb, startServer, stopServer, type BenchServer } from './lib.js';
import { MIXED_CONFIGS, mixedRound, openListener, seedMixed, type MixedTarget } from './mixed-workload.js';
import { beatPaths, listPaths, PER_SERVICE, registerPaths } from './naming-bench.js';
import { publishLoad } from './publish-bench.js';
import { grpcConfigQuery, grpcLoad, grpcRegister, startTimes } from './rnacos-compare.js';

/** Where the servers run: one core for them, the other for the load (this process). */
export const SERVER_CPU = '0';
export const LOAD_CPU = '1';

export interface Settings {
  /** Seconds of each measured load run. */
  seconds: number;
  /** Seconds of the unmeasured run each build gets before its first round. */
  warmup: number;
  connections: number;
  /** Fresh starts per build and round (cold start). */
  starts: number;
  /** How long a seeded server is left idle before its RSS is read. */
  settleMs: number;
  /** Connections held for the memory per gRPC connection. */
  idleConnections: number;
}

export interface Metric {
  label: string;
  better: 'higher' | 'lower';
  /** Shown, not flagged: percentiles of a few hundred samples move by more than 5 % from run to run. */
  info?: boolean;
}

/** One round of one build: a value per metric, and requests that failed. */
export interface Round {
  values: number[];
  errors: number;
}

/** A build's side of a path: set up once, measured once per round, closed. */
export interface Side {
  round(): Promise<Round>;
  close(): Promise<void>;
}

export interface BenchPath {
  id: string;
  title: string;
  metrics: Metric[];
  open(main: string, s: Settings): Promise<Side>;
}

const start = (main: string, env: Record<string, string> = {}) => startServer(env, { cpus: SERVER_CPU, main });
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const grpcAddress = (s: BenchServer) => `127.0.0.1:${s.grpcPort}`;

/** What a load run gives: throughput, the server's CPU per request (steadier on a busy machine), p99. */
const throughput = (what = 'req'): Metric[] => [
  { label: `${what}/s`, better: 'higher' },
  { label: `server CPU µs/${what}`, better: 'lower' },
  { label: 'p99 ms', better: 'lower', info: true },
];
const fromRun = (r: Run): Round => ({ values: [r.rps, r.cpuUs, r.p99], errors: r.errors });

/** Every request registers instances of its own; fails on any answer but ok. */
async function register(s: BenchServer, paths: () => string, amount: number, connections: number) {
  const run = await hit(s, 'POST', paths, { connections, amount });
  if (run.errors) throw new Error(`seeding ${amount} instances: ${run.errors} failed`);
}

/**
 * A load on one server per build: `prepare` seeds it and gives the load, which is run once unmeasured
 * (`warmup` seconds) and then once per round.
 */
function loadPath(
  id: string,
  title: string,
  metrics: Metric[],
  prepare: (
    s: BenchServer,
    settings: Settings,
  ) => Promise<{ load: (seconds: number) => Promise<Run>; close?: () => void }>,
): BenchPath {
  return {
    id,
    title,
    metrics,
    async open(main, settings) {
      const server = await start(main);
      try {
        const { load, close } = await prepare(server, settings);
        await load(settings.warmup);
        return {
          round: async () => fromRun(await load(settings.seconds)),
          close: async () => {
            close?.();
            await stopServer(server);
          },
        };
      } catch (err) {
        await stopServer(server);
        throw err;
      }
    },
  };
}

const CONFIG_GET = '/nacos/v1/cs/configs?dataId=bench.yaml&group=BENCH';
/** 100 services of PER_SERVICE instances each, registered with long heartbeat timeouts (naming-bench). */
const NAMING_SERVICES = 100;

/** A load of gRPC calls on `connections` SDK connections, each call's bytes from `bytes(connection)`. */
function grpcPath(id: string, title: string, bytes: (connections: number) => (i: number) => Buffer): BenchPath {
  return loadPath(id, title, throughput('call'), async (s, settings) => {
    await seedQueried(s.base);
    const conns = await openMany(grpcAddress(s), settings.connections);
    const next = bytes(settings.connections);
    return {
      load: (seconds) => grpcLoad(s.child.pid!, conns, seconds, next),
      close: () => conns.forEach((c) => c.close()),
    };
  });
}

/** A fresh server per build and round, measured by `measure` and stopped. */
function freshPath(
  id: string,
  title: string,
  metrics: Metric[],
  measure: (main: string, s: Settings) => Promise<Round>,
): BenchPath {
  return {
    id,
    title,
    metrics,
    open: async (main, settings) => ({ round: () => measure(main, settings), close: async () => {} }),
  };
}

/** Seeded, left idle for `settleMs` (a collected heap keeps what a burst left until idle a while): RSS, MB. */
async function seededRss(main: string, settings: Settings, seed: (s: BenchServer) => Promise<void>): Promise<Round> {
  const server = await start(main);
  try {
    await seed(server);
    await settle(settings.settleMs);
    return { values: [rssMb(server.child.pid!)], errors: 0 };
  } finally {
    await stopServer(server);
  }
}

export const PATHS: BenchPath[] = [
  loadPath('config-get', 'HTTP config get', throughput(), async (s, settings) => {
    await publishConfig(s.base, 'bench.yaml', 'a: 1\nb: 2\n');
    return {
      load: (seconds) => hit(s, 'GET', () => CONFIG_GET, { connections: settings.connections, seconds }),
    };
  }),
  loadPath('config-publish', 'HTTP config publish (a new config each)', throughput('publish'), async (s, settings) => ({
    load: (seconds) => publishLoad(s, seconds, settings.connections),
  })),
  // naming-bench's registers: long heartbeat timeouts, so the instances do not expire (and their expiry does
  // not load core 0) during the other build's rounds
  loadPath(
    'instance-register',
    'HTTP instance register (a new instance each, as the Node client sends it)',
    throughput(),
    async (s, settings) => {
      const paths = registerPaths(0, 100_000);
      return { load: (seconds) => hit(s, 'POST', paths, { connections: settings.connections, seconds }) };
    },
  ),
  loadPath(
    'instance-list',
    `HTTP instance list poll (${NAMING_SERVICES} services × ${PER_SERVICE})`,
    throughput(),
    async (s, settings) => {
      await register(s, registerPaths(0, NAMING_SERVICES), NAMING_SERVICES * PER_SERVICE, settings.connections);
      const paths = listPaths(0, NAMING_SERVICES);
      return { load: (seconds) => hit(s, 'GET', paths, { connections: settings.connections, seconds }) };
    },
  ),
  loadPath(
    'instance-beat',
    `HTTP instance beat (${(NAMING_SERVICES * PER_SERVICE).toLocaleString('en-US')} instances)`,
    throughput(),
    async (s, settings) => {
      await register(s, registerPaths(0, NAMING_SERVICES), NAMING_SERVICES * PER_SERVICE, settings.connections);
      const paths = beatPaths(NAMING_SERVICES);
      return { load: (seconds) => hit(s, 'PUT', paths, { connections: settings.connections, seconds }) };
    },
  ),
  grpcPath(
    'grpc-config-query',
    'gRPC ConfigQueryRequest (4 calls in flight per connection)',
    () => () => grpcConfigQuery,
  ),
  grpcPath('grpc-instance-query', 'gRPC ServiceQueryRequest (5 instances)', () => {
    const bytes = Buffer.from(queries()['instance query'], 'base64');
    return () => bytes;
  }),
  grpcPath('grpc-instance-register', 'gRPC InstanceRequest register (a change each)', grpcRegister),
  {
    id: 'console-config-get',
    title: 'console config get (console port, logged-in session)',
    metrics: throughput(),
    async open(main, settings) {
      const consolePort = await freePort();
      const server = await start(main, { ...CONSOLE_LOGIN_ENV, RNACOS_HTTP_CONSOLE_PORT: String(consolePort) });
      try {
        await publishConfig(server.base, 'bench.yaml', 'a: 1\nb: 2\n');
        const cookie = await consoleLogin(consolePort, server.child);
        const path = consoleConfigPath('bench.yaml', 'BENCH');
        const check = await fetch(`http://127.0.0.1:${consolePort}${path}`, { headers: { cookie } });
        const body = (await check.json()) as { data?: { value?: string } };
        if (body.data?.value !== 'a: 1\nb: 2\n') throw new Error(`console config get: ${JSON.stringify(body)}`);
        const target = { child: server.child, port: consolePort };
        const load = (seconds: number) =>
          hit(target, 'GET', () => path, { connections: settings.connections, seconds, headers: { cookie } });
        await load(settings.warmup);
        return { round: async () => fromRun(await load(settings.seconds)), close: () => stopServer(server) };
      } catch (err) {
        await stopServer(server);
        throw err;
      }
    },
  },
  {
    id: 'mixed',
    title: `publish storm, mixed workload (${MIXED_CONFIGS.toLocaleString('en-US')} configs; 20 reading, then 20 more publishing)`,
    metrics: [
      { label: 'config get alone, req/s', better: 'higher' },
      { label: 'config get during the storm, req/s', better: 'higher' },
      { label: 'publishes/s during the storm', better: 'higher' },
      { label: 'publish p99 ms', better: 'lower', info: true },
      { label: 'long-poll wake-up p99 ms', better: 'lower', info: true },
      { label: 'gRPC listener wake-up p99 ms', better: 'lower', info: true },
    ],
    async open(main, settings) {
      const server = await start(main);
      try {
        const target: MixedTarget = {
          name: main,
          child: server.child,
          port: server.port,
          grpc: grpcAddress(server),
          reportsLoopDelay: false,
        };
        await seedMixed(target);
        const listener = await openListener(target);
        return {
          async round() {
            const r = await mixedRound(target, listener, settings.seconds);
            return {
              values: [r.alone.rps, r.storm.rps, r.publishRps, r.publishP99, r.longPollP99, r.grpcPushP99],
              errors: r.alone.errors + r.storm.errors + r.publishErrors,
            };
          },
          close: async () => {
            listener.close();
            await stopServer(server);
          },
        };
      } catch (err) {
        await stopServer(server);
        throw err;
      }
    },
  },
  freshPath(
    'cold-start',
    'cold start to readiness, empty data dir',
    [{ label: 'ms (median of the starts)', better: 'lower' }],
    async (main, settings) => {
      const times = await startTimes(async () => {
        const s = await start(main);
        return { cleanup: () => stopServer(s) };
      }, settings.starts);
      return { values: [median(times)], errors: 0 };
    },
  ),
  freshPath(
    'rss-configs-instances',
    `RSS, ${MIXED_CONFIGS.toLocaleString('en-US')} configs + 10,000 instances, after idling`,
    [{ label: 'MB', better: 'lower' }],
    (main, settings) =>
      seededRss(main, settings, async (s) => {
        await seedMixed({ name: main, child: s.child, port: s.port, grpc: grpcAddress(s), reportsLoopDelay: false });
        await register(s, registerPaths(0, 1_000), 10_000, settings.connections);
      }),
  ),
  freshPath(
    'rss-100k-instances',
    'RSS, 100,000 instances (10,000 services, each polled once), after idling',
    [{ label: 'MB', better: 'lower' }],
    (main, settings) =>
      seededRss(main, settings, async (s) => {
        await register(s, registerPaths(0, 10_000), 100_000, settings.connections);
        const polls = await hit(s, 'GET', listPaths(0, 10_000), { connections: settings.connections, amount: 10_000 });
        if (polls.errors) throw new Error(`polling 10,000 services: ${polls.errors} failed`);
      }),
  ),
  freshPath(
    'grpc-connection-memory',
    'memory per idle gRPC connection (SDK handshake, bi-stream open)',
    [{ label: 'KB per connection', better: 'lower' }],
    async (main, settings) => {
      const server = await start(main);
      try {
        const idle = await idleConnections(grpcAddress(server), server.child.pid!, settings.idleConnections);
        return { values: [idle.perConnKb], errors: 0 };
      } finally {
        await stopServer(server);
      }
    },
  ),
];
