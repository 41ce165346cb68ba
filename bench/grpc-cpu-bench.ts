// CPU per gRPC call: tsnacos answering ConfigQueryRequest and ServiceQueryRequest against a bare node:http2
// echo (the floor), each server pinned to one core, driven by a grpc-go client (bench/grpc-load) on the
// other. Run: npm run bench:grpc-cpu (builds first).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { encodePayload } from '../packages/server/src/adapters/grpc-v2/payload.js';
import {
  freePort,
  isMain,
  publishConfig,
  requireBuild,
  ROOT,
  startNode,
  startServer,
  stop,
  stopServer,
} from './lib.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 4);
const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? '0';
const CLIENT_CPU = process.env.BENCH_CLIENT_CPU ?? '1';
// Another build measured in the same rounds (a checkout's packages/server/dist): before and after a change.
const BASE_DIST = process.env.BENCH_BASE_DIST;
// Node flags of the tsnacos servers (default: those of the `tsnacos` command).
const SERVER_NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS;
// BENCH_AUTH=1: the tsnacos servers with OpenAPI auth on, each query carrying a login token as SDKs send it.
const AUTH = process.env.BENCH_AUTH === '1';
const INSTANCES = 5;
const TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

const payload = (type: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  encodePayload(type, { headers, requestId: '', ...body }, headers).toString('base64');

const SERVER_CHECK = payload('ServerCheckRequest', { module: 'internal' });
const SETUP = payload('ConnectionSetupRequest', {
  module: 'internal',
  clientVersion: 'Nacos-Go-Client:v2.3.2',
  tenant: '',
  labels: { source: 'sdk', module: 'config' },
});
const HEALTH = payload('HealthCheckRequest', { module: 'internal' });
/** The two queries (base64 payloads, as the Go client reads them) of what `seedQueried` stores. */
export const queries = (headers: Record<string, string> = {}) => ({
  'config query': payload(
    'ConfigQueryRequest',
    { module: 'config', dataId: 'bench.yaml', group: 'BENCH', tenant: '' },
    headers,
  ),
  'instance query': payload(
    'ServiceQueryRequest',
    {
      module: 'naming',
      namespace: 'public',
      groupName: 'DEFAULT_GROUP',
      serviceName: 'bench-svc',
      cluster: '',
      healthyOnly: false,
      udpPort: 0,
    },
    headers,
  ),
});
const QUERIES = queries();
type Query = keyof typeof QUERIES;

/** The Go client, built once into the bench cache (again when its source is newer). */
function loadClient(): string {
  const dir = path.join(os.homedir(), '.cache/tsnacos-bench');
  const bin = path.join(dir, 'grpc-load');
  const source = path.join(ROOT, 'bench/grpc-load/main.go');
  if (!existsSync(bin) || statSync(bin).mtimeMs < statSync(source).mtimeMs) {
    try {
      execFileSync('go', ['version'], { stdio: 'ignore' });
    } catch {
      console.error('this bench needs Go (https://go.dev/dl) to build its load client, bench/grpc-load');
      process.exit(1);
    }
    mkdirSync(dir, { recursive: true });
    execFileSync('go', ['build', '-o', bin, '.'], { cwd: path.join(ROOT, 'bench/grpc-load'), stdio: 'inherit' });
  }
  return bin;
}

/** user + system CPU time of a process (all its threads), µs. */
function cpuUs(pid: number): number {
  const fields = execFileSync('cat', [`/proc/${pid}/stat`])
    .toString()
    .split(') ')[1]
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

interface Run {
  callsPerSec: number;
  cpuPerCallUs: number;
  errors: number;
}

/** One run of the Go client against `port`; the server's CPU is read when the warm-up ends and at the end. */
function drive(client: string, port: number, pid: number, request: string, bare: boolean): Promise<Run> {
  const child = spawn('taskset', ['-c', CLIENT_CPU, client], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(
    JSON.stringify({
      address: `127.0.0.1:${port}`,
      connections: CONNECTIONS,
      inflight: INFLIGHT,
      warmupSec: WARMUP,
      durationSec: DURATION,
      before: [SERVER_CHECK],
      setup: SETUP,
      // the echo server answers the health check with itself: nothing to wait for
      ready: bare ? '' : HEALTH,
      readyMark: '"resultCode":200',
      request,
    }),
  );
  return new Promise((resolve, reject) => {
    let start = 0;
    let began = 0;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'measuring') {
        start = cpuUs(pid);
        began = performance.now();
        return;
      }
      const [word, calls, errors] = line.split(' ');
      if (word !== 'done') return;
      const cpu = cpuUs(pid) - start;
      const seconds = (performance.now() - began) / 1000;
      resolve({ callsPerSec: Math.round(Number(calls) / seconds), cpuPerCallUs: cpu / Number(calls), errors: +errors });
    });
    child.once('exit', (code) => (code ? reject(new Error(`grpc-load exited with ${code}`)) : undefined));
  });
}

/** The queried config (bench.yaml) and service (bench-svc, 5 persistent instances). */
export async function seedQueried(base: string, token = ''): Promise<void> {
  const auth = token ? `?accessToken=${token}` : '';
  await publishConfig(base, 'bench.yaml', 'a: 1\nb: 2\n', token);
  for (let i = 0; i < INSTANCES; i++) {
    const form = { serviceName: 'bench-svc', ip: `10.0.0.${i + 1}`, port: '8080', ephemeral: 'false' };
    const res = await fetch(`${base}/nacos/v1/ns/instance${auth}`, {
      method: 'POST',
      body: new URLSearchParams(form),
    });
    if ((await res.text()) !== 'ok') throw new Error('register failed');
  }
}

/** An OpenAPI login token of the default admin. */
async function loginToken(base: string): Promise<string> {
  const res = await fetch(`${base}/nacos/v1/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'admin', password: 'admin' }),
  });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const client = loadClient();
  const pin = { cpus: SERVER_CPU };
  const env: Record<string, string> = SERVER_NODE_OPTIONS ? { NODE_OPTIONS: SERVER_NODE_OPTIONS } : {};
  if (AUTH) env.RNACOS_ENABLE_OPEN_API_AUTH = 'true';
  const servers = [{ name: 'tsnacos', server: await startServer(env, pin) }];
  if (BASE_DIST) {
    servers.push({
      name: 'before',
      server: await startServer(env, { ...pin, main: path.resolve(BASE_DIST, 'main.js') }),
    });
  }
  const barePort = await freePort();
  const bare = startNode(path.join(ROOT, 'bench/bare-grpc-server.mjs'), [], {
    PORT: String(barePort),
    BENCH_PIN_CPUS: SERVER_CPU,
  });
  await new Promise((r) => setTimeout(r, 500));
  type Row = { name: string; query: Query; runs: Run[] };
  const rows: Row[] = [];
  const row = (name: string, query: Row['query']) => {
    let r = rows.find((x) => x.name === name && x.query === query);
    if (!r) rows.push((r = { name, query, runs: [] }));
    return r;
  };
  const asked = new Map<string, typeof QUERIES>();
  try {
    for (const { name, server } of servers) {
      const token = AUTH ? await loginToken(server.base) : '';
      asked.set(name, token ? queries({ accessToken: token }) : QUERIES);
      await seedQueried(server.base, token);
    }
    // Alternating runs: the load of a shared machine drifts, and each round meets every server alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const query of Object.keys(QUERIES) as Query[]) {
        row('bare echo', query).runs.push(await drive(client, barePort, bare.pid!, QUERIES[query], true));
        for (const { name, server } of servers) {
          const request = asked.get(name)![query];
          row(name, query).runs.push(await drive(client, server.grpcPort, server.child.pid!, request, false));
        }
      }
      process.stderr.write(`round ${round + 1}/${ROUNDS} done\n`);
    }
  } finally {
    await Promise.all([...servers.map((s) => stopServer(s.server)), stop(bare)]);
  }
  console.log(
    `gRPC CPU per call${AUTH ? ' with OpenAPI auth on' : ''} (servers on core ${SERVER_CPU}, grpc-go client on core ${CLIENT_CPU}; ${CONNECTIONS} connections x ${INFLIGHT} in flight; ${ROUNDS} rounds of ${DURATION} s; load average ${os.loadavg()[0].toFixed(1)})`,
  );
  for (const r of rows) {
    const cpu = median(r.runs.map((x) => x.cpuPerCallUs));
    const rate = median(r.runs.map((x) => x.callsPerSec));
    const errors = r.runs.reduce((n, x) => n + x.errors, 0);
    const label = r.name === 'bare echo' ? `bare echo (${r.query} bytes)` : `${r.name} ${r.query}`;
    // each run against the echo run just before it, under the same load of the machine
    const echo = rows.find((x) => x.name === 'bare echo' && x.query === r.query)!;
    const ratios = r.runs.map((x, i) => x.cpuPerCallUs / echo.runs[i].cpuPerCallUs);
    const against =
      r === echo ? '' : `, ${median(ratios).toFixed(2)}x the echo (runs ${ratios.map((x) => x.toFixed(2)).join(' ')})`;
    console.log(
      `${label.padEnd(30)} ${cpu.toFixed(1)} µs CPU/call${against}, ${rate} calls/s, errors ${errors}; µs per run ${r.runs.map((x) => x.cpuPerCallUs.toFixed(1)).join(' ')}`,
    );
  }
}

if (isMain(import.meta.url)) {
  requireBuild();
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
