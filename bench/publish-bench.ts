// Config publish under concurrency: 50 connections each publishing new configs (a durable write and a
// history entry each), tsnacos beside r-nacos 0.8.5 when it is installed (the bench installs it with cargo
// into .cache when cargo is there). Alternating runs, medians, server CPU per request from /proc.
// Run: npm run bench:publish (builds first; BENCH_NO_RNACOS=1 measures tsnacos alone)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMicros } from './http-compare.js';
import { freePort, requireBuild, startServer, stop, stopServer, waitHttp } from './lib.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RNACOS_ROOT = path.join(os.homedir(), '.cache/tsnacos-bench/rnacos-0.8.5');
const RNACOS = path.join(RNACOS_ROOT, 'bin/rnacos');

requireBuild();

interface Peer {
  name: string;
  child: ChildProcess;
  port: number;
  cleanup(): Promise<void>;
}

let sequence = 0;

async function publishLoad(peer: Peer, seconds: number) {
  const cpu0 = cpuMicros(peer.child.pid!);
  const result = await autocannon({
    url: `http://127.0.0.1:${peer.port}`,
    connections: CONNECTIONS,
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

/** r-nacos on a fresh data dir, checked with a write that reads back (it may start broken; retried). */
async function startRnacos(): Promise<Peer | null> {
  if (process.env.BENCH_NO_RNACOS) return null;
  if (!existsSync(RNACOS)) {
    const cargo = spawnSync('cargo', ['--version']);
    if (cargo.status !== 0) return null;
    console.log('installing r-nacos 0.8.5 with cargo (once) ...');
    const built = spawnSync('cargo', ['install', 'rnacos', '--version', '0.8.5', '--root', RNACOS_ROOT], {
      stdio: 'inherit',
    });
    if (built.status !== 0) return null;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rnacos-bench-'));
    const port = await freePort();
    const proc = spawn(RNACOS, [], {
      env: {
        ...process.env,
        RNACOS_HTTP_PORT: String(port),
        RNACOS_GRPC_PORT: String(await freePort()),
        RNACOS_HTTP_CONSOLE_PORT: String(await freePort()),
        RNACOS_CONFIG_DB_DIR: dir,
        RUST_LOG: 'warn',
      },
      stdio: 'ignore',
    });
    const peer = {
      name: 'r-nacos 0.8.5',
      child: proc,
      port,
      cleanup: async () => {
        await stop(proc);
        rmSync(dir, { recursive: true, force: true });
      },
    };
    try {
      await waitHttp(`http://127.0.0.1:${port}/nacos/v1/console/health/readiness`, proc);
      const body = new URLSearchParams({ dataId: 'probe', group: 'BENCH', content: 'ok' });
      await fetch(`http://127.0.0.1:${port}/nacos/v1/cs/configs`, { method: 'POST', body });
      const read = await fetch(`http://127.0.0.1:${port}/nacos/v1/cs/configs?dataId=probe&group=BENCH`);
      if ((await read.text()) === 'ok') return peer;
    } catch {
      // a broken start: try again on a fresh data dir
    }
    await peer.cleanup();
  }
  return null;
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

await main();
