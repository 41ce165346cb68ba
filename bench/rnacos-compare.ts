// tsnacos beside r-nacos 0.8.5, measured alike: each server pinned to core 0, this load
// process to core 1, the same load tools for both (autocannon for HTTP, the bench gRPC client doing the real
// ServerCheck -> ConnectionSetup -> requests sequence), alternating runs, medians, server CPU per request.
// Run: npm run bench:compare (builds first; installs r-nacos with cargo once). BENCH_ROUNDS (3), BENCH_DURATION (4);
// BENCH_ONLY_MIXED=1 runs the mixed workload (reads under a publish storm, mixed-workload.ts) alone,
// BENCH_ONLY_CONSOLE=1 the console's config read (console-compare.ts) alone.
import os from 'node:os';
import { encodePayload } from '../packages/server/src/adapters/grpc-v2/payload.js';
import { consoleCompare } from './console-compare.js';
import { BenchConnection, drive, openMany } from './grpc-client.js';
import { fsyncTime } from './fsync-time.js';
import { cpuMicros, hit, type Run } from './http-compare.js';
import {
  freePort,
  isMain,
  median,
  pinThisProcess,
  publishConfig,
  requireBuild,
  rssMb,
  startServer,
  stopServer,
  waitHttp,
} from './lib.js';
import { mixedRound, mixedRows, openListener, seedMixed, type MixedRun } from './mixed-workload.js';
import { startRnacos, type Peer } from './rnacos.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const CONNECTIONS = 50;
const INSTANCES = 10_000;
const SETTLE_MS = 20_000;
const SERVER_CPU = '0';

interface Contender extends Peer {
  grpc: string;
}

/** With its console on its own port, as r-nacos runs. */
async function startTsnacos(): Promise<Contender & { consolePort: number }> {
  const consolePort = await freePort();
  const s = await startServer({ RNACOS_HTTP_CONSOLE_PORT: String(consolePort) }, { cpus: SERVER_CPU });
  return {
    consolePort,
    name: 'tsnacos',
    child: s.child,
    port: s.port,
    grpc: `127.0.0.1:${s.grpcPort}`,
    cleanup: () => stopServer(s),
  };
}

async function startPeer(): Promise<Contender | null> {
  const peer = await startRnacos({ cpus: SERVER_CPU });
  return peer && { ...peer, grpc: `127.0.0.1:${peer.port + 1000}` };
}

/**
 * Time to readiness (ms) of `starts` fresh starts, each stopped once ready; a start that gives nothing (no
 * r-nacos) ends the list with NaN.
 */
export async function startTimes(
  start: () => Promise<{ cleanup(): Promise<void> } | null>,
  starts: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < starts; i++) {
    const t0 = performance.now();
    const c = await start();
    if (!c) return [...times, NaN];
    times.push(performance.now() - t0);
    await c.cleanup();
  }
  return times;
}

/** Time to readiness of fresh starts, median of 5. */
async function coldStart(start: () => Promise<Contender | null>): Promise<number> {
  const times = await startTimes(start, 5);
  return times.some(Number.isNaN) ? NaN : median(times);
}

/** tsnacos opens its console after the SDK ports: how much later the console page answers, median of 5. */
async function consoleLag(): Promise<number> {
  const lags: number[] = [];
  for (let i = 0; i < 5; i++) {
    const c = await startTsnacos();
    const t0 = performance.now();
    await waitHttp(`http://127.0.0.1:${c.consolePort}/rnacos/`, c.child);
    lags.push(performance.now() - t0);
    await c.cleanup();
  }
  return median(lags);
}

async function seed(c: Contender): Promise<void> {
  await publishConfig(`http://127.0.0.1:${c.port}`, 'bench.yaml', 'a: 1\nb: 2\n');
  for (let i = 0; i < INSTANCES; i += 200) {
    await Promise.all(
      Array.from({ length: 200 }, (_, k) => {
        const n = i + k;
        const q = `serviceName=svc-${n % 50}&ip=10.${(n >> 8) & 255}.${n & 255}.1&port=8080`;
        return fetch(`http://127.0.0.1:${c.port}/nacos/v1/ns/instance?${q}`, { method: 'POST' });
      }),
    );
  }
}

type Measure = (c: Contender) => Promise<Run>;

const httpGet =
  (path: () => string): Measure =>
  (c) =>
    hit(c, 'GET', path, { connections: CONNECTIONS, seconds: DURATION });
let registered = 0;
const httpRegister: Measure = (c) =>
  hit(
    c,
    'POST',
    () =>
      `/nacos/v1/ns/instance?serviceName=reg-${registered % 100}&ip=10.200.${(registered >> 8) & 255}.${registered++ & 255}&port=9000`,
    {
      connections: CONNECTIONS,
      seconds: DURATION,
    },
  );

/** `inflight` calls kept going on each of `conns` for `seconds`: calls/s, p99 and the server's CPU per call. */
export async function grpcLoad(
  pid: number,
  conns: BenchConnection[],
  seconds: number,
  bytes: (i: number) => Buffer,
  inflight = 4,
): Promise<Run> {
  const cpu0 = cpuMicros(pid);
  const t = await drive(conns, inflight, seconds, bytes);
  const cpuUs = (cpuMicros(pid) - cpu0) / Math.max(1, t.rps * seconds);
  return { rps: t.rps, p99: t.p99, errors: t.errors, cpuUs };
}

function grpcMeasure(bytes: (i: number) => Buffer): Measure {
  const pools = new Map<string, BenchConnection[]>();
  return async (c) => {
    let conns = pools.get(c.name);
    if (!conns) pools.set(c.name, (conns = await openMany(c.grpc, CONNECTIONS)));
    return grpcLoad(c.child.pid!, conns, DURATION, bytes);
  };
}

/** ConfigQueryRequest of the config `seed` publishes (bench.yaml). */
export const grpcConfigQuery = encodePayload('ConfigQueryRequest', {
  headers: {},
  requestId: '',
  module: 'config',
  dataId: 'bench.yaml',
  group: 'BENCH',
  tenant: '',
});
/**
 * Connection i's InstanceRequest registering its one ephemeral instance, each call on the other of two ports:
 * every call is a real change.
 */
export function grpcRegister(connections: number): (i: number) => Buffer {
  const turn = new Array<number>(connections).fill(0);
  return (i) =>
    encodePayload('InstanceRequest', {
      headers: {},
      requestId: '',
      module: 'naming',
      namespace: 'public',
      groupName: 'DEFAULT_GROUP',
      serviceName: `grpc-svc-${i}`,
      type: 'registerInstance',
      instance: {
        ip: '10.1.2.3',
        port: 8080 + (turn[i]++ & 1),
        weight: 1,
        healthy: true,
        enabled: true,
        ephemeral: true,
        clusterName: 'DEFAULT',
        metadata: {},
      },
    });
}
const register = grpcRegister(CONNECTIONS);

/** Fresh servers with 1,000 configs: reads alone and under a publish storm, alternating rounds. */
async function mixed(): Promise<void> {
  const contenders: Contender[] = [await startTsnacos()];
  const peer = await startPeer();
  if (peer) contenders.push(peer);
  try {
    const targets = contenders.map((c) => ({ ...c, reportsLoopDelay: c.name === 'tsnacos' }));
    for (const t of targets) await seedMixed(t);
    const listeners = await Promise.all(targets.map(openListener));
    const runs = targets.map(() => [] as MixedRun[]);
    for (let r = 0; r < ROUNDS; r++)
      for (let k = 0; k < targets.length; k++) runs[k].push(await mixedRound(targets[k], listeners[k], DURATION));
    for (const l of listeners) l.close();
    const disk = fsyncTime();
    console.log(
      `mixed workload: servers on core ${SERVER_CPU}, load on core 1; median of ${ROUNDS} rounds of ${DURATION} s; ` +
        `fdatasync of 4 kB here: p50 ${disk.p50} ms, p99 ${disk.p99} ms`,
    );
    console.log(`| workload | ${contenders.map((c) => c.name).join(' | ')} |`);
    console.log(`|---|${contenders.map(() => '---|').join('')}`);
    for (const line of mixedRows(
      contenders.map((c) => c.name),
      runs,
    ))
      console.log(line);
  } finally {
    for (const c of contenders) await c.cleanup();
  }
}

async function main() {
  if (process.env.BENCH_ONLY_CONSOLE) return consoleCompare(SERVER_CPU, ROUNDS, DURATION);
  await mixed();
  if (process.env.BENCH_ONLY_MIXED) return;
  const tsStart = await coldStart(startTsnacos);
  const rnStart = await coldStart(startPeer);
  const tsConsoleLag = await consoleLag();
  const contenders: Contender[] = [await startTsnacos()];
  const peer = await startPeer();
  if (peer) contenders.push(peer);
  else console.log('r-nacos is not available: tsnacos alone');
  try {
    const rssEmpty = contenders.map((c) => rssMb(c.child.pid!));
    for (const c of contenders) await seed(c);
    await new Promise((r) => setTimeout(r, 1000));
    const rss10k = contenders.map((c) => rssMb(c.child.pid!));
    // a garbage-collected heap keeps what the seeding burst left until it has been idle a while
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const rss10kSettled = contenders.map((c) => rssMb(c.child.pid!));
    const workloads: Array<[string, Measure]> = [
      ['HTTP config get', httpGet(() => '/nacos/v1/cs/configs?dataId=bench.yaml&group=BENCH')],
      ['HTTP instance list', httpGet(() => '/nacos/v1/ns/instance/list?serviceName=svc-7')],
      ['HTTP register', httpRegister],
      ['gRPC ConfigQueryRequest, 50 conns x 4', grpcMeasure(() => grpcConfigQuery)],
      ['gRPC InstanceRequest register, 50 conns x 4', grpcMeasure(register)],
    ];
    console.log(
      `compare: ${os.cpus().length} cores, Node ${process.version}; servers on core ${SERVER_CPU}, load on core 1; median of ${ROUNDS}`,
    );
    console.log(`| workload | ${contenders.map((c) => c.name).join(' | ')} | ratio |`);
    console.log(`|---|${contenders.map(() => '---|').join('')}---|`);
    for (const [name, measure] of workloads) {
      const runs = contenders.map(() => [] as Run[]);
      for (let r = 0; r < ROUNDS; r++)
        for (let k = 0; k < contenders.length; k++) runs[k].push(await measure(contenders[k]));
      const med = runs.map((rs) => [...rs].sort((a, b) => a.rps - b.rps)[Math.floor(rs.length / 2)]);
      const cells = med.map(
        (m) =>
          `${Math.round(m.rps)} req/s, ${Math.round(m.cpuUs)} µs CPU, p99 ${m.p99} ms${m.errors ? `, ${m.errors} errors` : ''}`,
      );
      const ratio = med.length === 2 ? (med[0].rps / med[1].rps).toFixed(2) : '';
      console.log(`| ${name} | ${cells.join(' | ')} | ${ratio} |`);
    }
    console.log(
      `| RSS empty / ${INSTANCES} instances 1 s after seeding / after ${SETTLE_MS / 1000} s idle | ${contenders
        .map((_, k) => `${rssEmpty[k]} / ${rss10k[k]} / ${rss10kSettled[k]} MB`)
        .join(' | ')} | |`,
    );
    console.log(
      `| cold start to readiness (median of 5) | ${tsStart.toFixed(0)} ms | ${Number.isNaN(rnStart) ? '-' : `${rnStart.toFixed(0)} ms`} | |`,
    );
    console.log(`| console answering, after readiness | +${tsConsoleLag.toFixed(0)} ms | | |`);
  } finally {
    for (const c of contenders) await c.cleanup();
  }
  await consoleCompare(SERVER_CPU, ROUNDS, DURATION);
}

if (isMain(import.meta.url)) {
  requireBuild();
  // the load runs on the other core
  pinThisProcess('1');
  await main();
  process.exit(0);
}
