// gRPC door benchmark: config-query and register throughput over N real connections beside a bare
// node:http2 gRPC echo server (the ceiling), RSS of 10,000 idle connections, push fan-out latency to 1,000
// subscribers of one service. Run: npm run bench:grpc (builds first).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { encodePayload } from '../packages/server/src/adapters/grpc-v2/payload.js';
import { BenchConnection, drive, openMany, type Throughput } from './grpc-client.js';
import { idleConnections } from './grpc-idle.js';
import { fanOutServerCost } from './grpc-fanout-inproc.js';
import { freePort, percentile, requireBuild, ROOT, startNode, startServer, stop, stopServer } from './lib.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 4);
const IDLE = Number(process.env.BENCH_IDLE ?? 10_000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000);
const FANOUT_ROUNDS = 50;
const FANOUT_WORKERS = 4;
const FANOUT_WARMUP = 5;

requireBuild();

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const line = (name: string, t: Throughput) =>
  `${name} ${t.rps} req/s, p50 ${t.p50} ms, p99 ${t.p99} ms, errors ${t.errors}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Throughput of the server against the bare ceiling, in alternating runs (server, bare, server, ...): on
 * a shared machine the load drifts, and each pair's ratio is taken under the same conditions.
 */
async function compare(ours: BenchConnection[], bare: BenchConnection[], next: (i: number) => Buffer) {
  const result = { ours: [] as Throughput[], bare: [] as Throughput[], ratios: [] as number[] };
  for (let pair = 0; pair < PAIRS; pair++) {
    const a = await drive(ours, INFLIGHT, DURATION, next);
    const b = await drive(bare, INFLIGHT, DURATION, next);
    result.ours.push(a);
    result.bare.push(b);
    result.ratios.push(a.rps / b.rps);
  }
  return result;
}

/**
 * Publish -> NotifySubscriberRequest arrival at each of `SUBSCRIBERS` connections subscribed to one
 * service. The subscribers live in child processes (so receiving is not serialized behind one event loop);
 * arrival times are compared on the shared wall clock.
 */
async function fanOut(address: string): Promise<{ latencies: number[]; roundMaxima: number[] }> {
  const service = { namespace: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'fanout-svc' };
  const reports = new Map<number, number[][]>();
  let roundDone: (() => void) | undefined;
  let currentRound = -1;
  const workers = Array.from({ length: FANOUT_WORKERS }, () =>
    spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/grpc-subscriber-worker.ts')], {
      env: {
        ...process.env,
        ADDRESS: address,
        COUNT: String(SUBSCRIBERS / FANOUT_WORKERS),
        SERVICE: service.serviceName,
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          createInterface({ input: w.stdout }).on('line', (l) => {
            if (l === 'ready') return resolve();
            const { round, arrivals } = JSON.parse(l) as { round: number; arrivals: number[] };
            const list = reports.get(round) ?? [];
            list.push(arrivals);
            reports.set(round, list);
            if (round === currentRound && list.length === FANOUT_WORKERS) roundDone?.();
          });
          w.once('exit', (code) => reject(new Error(`subscriber worker exited with ${code}`)));
        }),
    ),
  );
  const publisher = new BenchConnection(address);
  await publisher.connect();
  const latencies: number[] = [];
  const roundMaxima: number[] = [];
  // The first rounds warm the code paths up (JIT) in the server and the workers; they are not counted.
  for (let round = 0; round < FANOUT_WARMUP + FANOUT_ROUNDS; round++) {
    currentRound = round;
    const done = new Promise<void>((resolve) => (roundDone = resolve));
    const t0 = performance.timeOrigin + performance.now();
    await publisher.call('InstanceRequest', {
      ...service,
      type: 'registerInstance',
      instance: { ip: '10.9.9.9', port: 10_000 + round },
    });
    await Promise.race([done, settle(5000)]);
    if (round < FANOUT_WARMUP) continue;
    const roundLatencies = (reports.get(round) ?? []).flat().map((at) => at - t0);
    latencies.push(...roundLatencies);
    roundMaxima.push(Math.max(...roundLatencies));
  }
  publisher.close();
  for (const w of workers) w.stdin.end();
  await Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r))));
  return { latencies: latencies.sort((a, b) => a - b), roundMaxima };
}

async function main() {
  const tsnacos = await startServer();
  const { port: httpPort, grpcPort, child: server } = tsnacos;
  const barePort = await freePort();
  const bare = startNode(path.join(ROOT, 'bench/bare-grpc-server.mjs'), [], { PORT: String(barePort) });
  const address = `127.0.0.1:${grpcPort}`;
  try {
    const published = await fetch(`http://127.0.0.1:${httpPort}/nacos/v1/cs/configs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ dataId: 'bench.yaml', group: 'BENCH', content: 'a: 1\nb: 2\n' }),
    });
    if ((await published.text()) !== 'true') throw new Error('publish failed');

    const idle = await idleConnections(address, server.pid!, IDLE);
    const bareIdle = await idleConnections(`127.0.0.1:${barePort}`, bare.pid!, IDLE, true);

    const conns = await openMany(address, CONNECTIONS);
    const bareConns = await openMany(`127.0.0.1:${barePort}`, CONNECTIONS, 50, (c) => c.openChannel());
    const queryBytes = encodePayload('ConfigQueryRequest', {
      headers: {},
      requestId: '',
      module: 'config',
      dataId: 'bench.yaml',
      group: 'BENCH',
      tenant: '',
    });
    const registerBytes = (i: number, port: number) =>
      encodePayload('InstanceRequest', {
        headers: {},
        requestId: '',
        module: 'naming',
        namespace: 'public',
        groupName: 'DEFAULT_GROUP',
        serviceName: `bench-svc-${i}`,
        type: 'registerInstance',
        instance: {
          ip: '10.1.2.3',
          port,
          weight: 1,
          healthy: true,
          enabled: true,
          ephemeral: true,
          clusterName: 'DEFAULT',
          metadata: {},
        },
      });
    // Alternating ports: every register is a real change of the connection's instance.
    const registers = conns.map((_, i) => [registerBytes(i, 8080), registerBytes(i, 8081)]);
    const turn = new Array<number>(CONNECTIONS).fill(0);

    const nextRegister = (i: number) => registers[i][turn[i]++ & 1];
    const query = await compare(conns, bareConns, () => queryBytes);
    const register = await compare(conns, bareConns, nextRegister);
    for (const c of [...conns, ...bareConns]) c.close();

    const { latencies: fan, roundMaxima } = await fanOut(address);
    const expected = SUBSCRIBERS * FANOUT_ROUNDS;
    const fanCost = await fanOutServerCost(SUBSCRIBERS, 200);

    console.log(
      `gRPC bench (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}; ${CONNECTIONS} connections x ${INFLIGHT} in flight, ${DURATION}s per run)`,
    );
    for (const [name, result] of [
      ['config query', query],
      ['register', register],
    ] as const) {
      console.log(
        `${name}: ratios of the ${PAIRS} pairs ${result.ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(result.ratios).toFixed(2)} (target >= 0.70)`,
      );
      result.ours.forEach((t, i) =>
        console.log(line(`  pair ${i + 1} server: `, t) + ' | ' + line('bare: ', result.bare[i])),
      );
    }
    console.log(
      `idle: ${IDLE} connections: RSS ${idle.before} MB -> ${idle.after} MB, ${idle.perConnKb} KB per connection (target <= 30 KB)`,
    );
    console.log(
      `  bare server: RSS ${bareIdle.before} MB -> ${bareIdle.after} MB, ${bareIdle.perConnKb} KB per connection`,
    );
    console.log(
      `fan-out to ${SUBSCRIBERS} subscribers, ${FANOUT_ROUNDS} changes after ${FANOUT_WARMUP} unmeasured: p50 ${percentile(fan, 50).toFixed(1)} ms, p99 ${percentile(fan, 99).toFixed(1)} ms, max ${fan[fan.length - 1]?.toFixed(1)} ms, ${fan.length}/${expected} pushes seen (target p99 <= 100 ms)`,
    );
    console.log(`  slowest arrival of each change (ms): ${roundMaxima.map((m) => m.toFixed(0)).join(' ')}`);
    console.log(
      `  server side (in process, no sockets): rendering and writing ${SUBSCRIBERS} pushes takes p50 ${percentile(fanCost, 50).toFixed(1)} ms, p99 ${percentile(fanCost, 99).toFixed(1)} ms`,
    );
  } finally {
    await Promise.all([stopServer(tsnacos), stop(bare)]);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
