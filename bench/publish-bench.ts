// Config publish under concurrency: 50 connections each publishing new configs (a durable write and a
// history entry each), tsnacos beside r-nacos 0.8.5 when it is installed (the bench installs it with cargo
// into .cache when cargo is there). Alternating runs, medians, server CPU per request from /proc.
// Run: npm run bench:publish (builds first; BENCH_NO_RNACOS=1 measures tsnacos alone)
import os from 'node:os';
import autocannon from 'autocannon';
import { cpuMicros, type Run, type Target } from './http-compare.js';
import { isMain, requireBuild, startServer, stopServer } from './lib.js';
import { startRnacos, type Peer } from './rnacos.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

let sequence = 0;

/** `connections` publishing new configs (form bodies, as the 1.x SDKs send) for `seconds`. */
export async function publishLoad(peer: Target, seconds: number, connections = CONNECTIONS): Promise<Run> {
  const cpu0 = cpuMicros(peer.child.pid!);
  const result = await autocannon({
    url: `http://127.0.0.1:${peer.port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const n = sequence++;
          return {
            ...req,
            path: '/nacos/v1/cs/configs',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: `dataId=pub-${n}&group=BENCH&content=value-${n}`,
          };
        },
      },
    ],
  });
  const total = result.requests.total;
  return {
    rps: total / (result.duration || 1),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuUs: (cpuMicros(peer.child.pid!) - cpu0) / Math.max(1, total),
  };
}

async function main() {
  const tsnacos = await startServer();
  const peers: Peer[] = [
    { name: 'tsnacos', child: tsnacos.child, port: tsnacos.port, cleanup: () => stopServer(tsnacos) },
  ];
  try {
    const rnacos = await startRnacos();
    if (rnacos) peers.push(rnacos);
    else console.log('r-nacos not available (no cargo, or it would not start): tsnacos alone');
    for (const peer of peers) await publishLoad(peer, 2);
    const runs = new Map<string, Array<Awaited<ReturnType<typeof publishLoad>>>>();
    for (let r = 0; r < ROUNDS; r++) {
      for (const peer of peers)
        runs.set(peer.name, [...(runs.get(peer.name) ?? []), await publishLoad(peer, DURATION)]);
    }
    console.log(
      `publish bench: ${os.cpus().length} cores, Node ${process.version}, ${CONNECTIONS} connections, median of ${ROUNDS}`,
    );
    console.log('| Server | publishes/s | p99 ms | CPU µs/req | errors |');
    console.log('|---|---|---|---|---|');
    const medians = peers.map((peer) => {
      const sorted = [...runs.get(peer.name)!].sort((a, b) => a.rps - b.rps);
      return { peer, run: sorted[Math.floor(sorted.length / 2)] };
    });
    for (const { peer, run } of medians) {
      console.log(`| ${peer.name} | ${Math.round(run.rps)} | ${run.p99} | ${Math.round(run.cpuUs)} | ${run.errors} |`);
    }
    if (medians.length === 2)
      console.log(`ratio tsnacos / r-nacos: ${(medians[0].run.rps / medians[1].run.rps).toFixed(2)}`);
  } finally {
    for (const peer of peers) await peer.cleanup();
  }
}

if (isMain(import.meta.url)) {
  requireBuild();
  await main();
}
