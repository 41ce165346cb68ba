/**
 * Naming benchmark: register, beat and instance-list throughput of tsnacos beside a bare node:http server
 * answering the same bytes (the ceiling), then resident memory with 10,000 and 100,000 instances.
 *
 *   npx tsx packages/server/bench/naming-bench.ts   (BENCH_SECONDS=5, BENCH_ROUNDS=3, BENCH_CONNECTIONS=50)
 *
 * Servers run in child processes; autocannon runs here. Prints a Markdown table.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BenchCommand, BenchMessage } from './naming-bench-server.js';

const SERVICES = 1000;
const PER_SERVICE = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SERVER = fileURLToPath(new URL('./naming-bench-server.ts', import.meta.url));

interface Child {
  port: number;
  ask<T extends BenchMessage['type']>(cmd: BenchCommand, reply: T): Promise<Extract<BenchMessage, { type: T }>>;
  stop(): Promise<void>;
}

function start(role: 'tsnacos' | 'bare', env: Record<string, string> = {}): Promise<Child> {
  const child: ChildProcess = fork(SERVER, [role], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, ...env },
  });
  const next = <T extends BenchMessage['type']>(type: T) =>
    new Promise<Extract<BenchMessage, { type: T }>>((resolve) => {
      const onMessage = (m: BenchMessage) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        resolve(m as Extract<BenchMessage, { type: T }>);
      };
      child.on('message', onMessage);
    });
  return next('ready').then(({ port }) => ({
    port,
    ask: (cmd, reply) => {
      const answer = next(reply);
      child.send(cmd);
      return answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' } satisfies BenchCommand);
      }),
  }));
}

/**
 * Long heartbeat timeouts keep the instance set stable for the whole run: otherwise instances not beaten
 * during the list runs would expire midway, and the list figures would measure expiry and pushes.
 */
const STABLE_METADATA = JSON.stringify({
  version: '1.0.0',
  'preserved.heart.beat.timeout': '3600000',
  'preserved.ip.delete.timeout': '3600000',
});
const serviceName = (s: number) => `DEFAULT_GROUP@@bench-svc-${s}`;
const ipOf = (s: number, i: number) => `10.${(s >> 8) & 255}.${s & 255}.${i + 1}`;

/** Cycles through every (service, instance) pair. */
function cycle<T>(make: (s: number, i: number) => T): () => T {
  let n = 0;
  return () => {
    const k = n++ % (SERVICES * PER_SERVICE);
    return make(Math.floor(k / PER_SERVICE), k % PER_SERVICE);
  };
}

const registerPath = cycle((s, i) => `/nacos/v1/ns/instance?${new URLSearchParams({
  namespaceId: 'public', serviceName: serviceName(s), groupName: 'DEFAULT_GROUP', clusterName: 'DEFAULT', ip: ipOf(s, i),
  port: '8080', weight: '1', enable: 'true', healthy: 'true', ephemeral: 'true', metadata: STABLE_METADATA,
})}`);
const beatPath = cycle((s, i) => `/nacos/v1/ns/instance/beat?${new URLSearchParams({
  beat: JSON.stringify({ serviceName: serviceName(s), ip: ipOf(s, i), port: 8080, cluster: 'DEFAULT', weight: 1, metadata: { version: '1.0.0' }, scheduled: false }),
  namespaceId: 'public', serviceName: serviceName(s),
})}`);
const listPath = cycle((s) => `/nacos/v1/ns/instance/list?${new URLSearchParams({
  namespaceId: 'public', serviceName: serviceName(s), clusters: '', udpPort: '55555', clientIP: '127.0.0.1', healthyOnly: 'false',
})}`);

interface Run {
  rps: number;
  p99: number;
  errors: number;
  /** Server CPU time per request (µs): unlike req/s, barely affected by other load on the machine. */
  cpuPerRequest: number;
}

/**
 * Sustained load on both servers: a warm-up each (discarded), then ROUNDS alternating runs so drifts of
 * the machine's load hit both alike; the median run of each is reported.
 */
async function compare(servers: [Child, Child], method: 'GET' | 'PUT', nextPath: () => string): Promise<[Run, Run]> {
  const runs: [Run[], Run[]] = [[], []];
  for (const server of servers) await load(server, method, nextPath, undefined, WARMUP_SECONDS);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, server] of servers.entries()) runs[i].push(await load(server, method, nextPath));
  }
  const median = (rs: Run[]) => [...rs].sort((a, b) => a.rps - b.rps)[Math.floor(rs.length / 2)];
  return [median(runs[0]), median(runs[1])];
}

async function load(
  server: Child,
  method: 'GET' | 'POST' | 'PUT',
  nextPath: () => string,
  amount?: number,
  seconds = SECONDS,
): Promise<Run> {
  const cpuBefore = await server.ask({ type: 'cpu' }, 'cpu');
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections: CONNECTIONS,
    ...(amount ? { amount } : { duration: seconds }),
    requests: [{ method, setupRequest: (req) => ({ ...req, method, path: nextPath() }) }],
  });
  const cpuAfter = await server.ask({ type: 'cpu' }, 'cpu');
  return {
    rps: result.requests.total / (result.duration || seconds),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuPerRequest: (cpuAfter.micros - cpuBefore.micros) / Math.max(1, result.requests.total),
  };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const row = (name: string, t: Run, c: Run) =>
  `| ${name} | ${t.rps.toFixed(0)} | ${t.p99} | ${t.cpuPerRequest.toFixed(0)} | ${c.rps.toFixed(0)} | ${c.p99} | ` +
  `${c.cpuPerRequest.toFixed(0)} | ${(t.rps / c.rps).toFixed(2)} | ${(c.cpuPerRequest / t.cpuPerRequest).toFixed(2)} | ${t.errors} |`;

async function main(): Promise<void> {
  console.error(`naming bench: ${SERVICES} services x ${PER_SERVICE} instances, ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS} s runs`);
  const tsnacos = await start('tsnacos');
  const registerT = await load(tsnacos, 'POST', registerPath, SERVICES * PER_SERVICE);

  const list = await fetch(`http://127.0.0.1:${tsnacos.port}${listPath()}`).then((r) => r.text());
  const beat = await fetch(`http://127.0.0.1:${tsnacos.port}${beatPath()}`, { method: 'PUT' }).then((r) => r.text());
  const bare = await start('bare', {
    BENCH_BODIES: JSON.stringify({
      'POST /nacos/v1/ns/instance': 'ok',
      'PUT /nacos/v1/ns/instance/beat': beat,
      'GET /nacos/v1/ns/instance/list': list,
    }),
  });
  const registerC = await load(bare, 'POST', registerPath, SERVICES * PER_SERVICE);
  const [beatT, beatC] = await compare([tsnacos, bare], 'PUT', beatPath);
  const [listT, listC] = await compare([tsnacos, bare], 'GET', listPath);
  await Promise.all([tsnacos.stop(), bare.stop()]);

  const memory = await start('tsnacos');
  const base = await memory.ask({ type: 'rss' }, 'rss');
  await memory.ask({ type: 'load', services: 1000, perService: 10, offset: 0 }, 'loaded');
  const at10k = await memory.ask({ type: 'rss' }, 'rss');
  await memory.ask({ type: 'load', services: 9000, perService: 10, offset: 1000 }, 'loaded');
  const at100k = await memory.ask({ type: 'rss' }, 'rss');
  await memory.stop();

  console.log(`Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; list body ${list.length} bytes`);
  console.log('');
  console.log(
    '| Load | tsnacos req/s | p99 ms | CPU µs/req | node:http req/s | p99 ms | CPU µs/req | req/s ratio | CPU ratio | errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  console.log(row(`register ${SERVICES * PER_SERVICE} instances`, registerT, registerC));
  console.log(row('beat', beatT, beatC));
  console.log(row('instance list', listT, listC));
  console.log('');
  console.log('| Instances | RSS MB | heap used MB |');
  console.log('|---|---|---|');
  for (const m of [base, at10k, at100k]) console.log(`| ${m.instances} | ${mb(m.rss)} | ${mb(m.heapUsed)} |`);
}

await main();
