// Start-to-start spread: starts the built server 20 times on fresh data dirs (each seeded with 2,000 HTTP
// instances and 100 configs), and for each start measures time to readiness, idle RSS and a short config-get
// load. A start counts as slow when its throughput is under 70 % of the median start's.
// Run: npm run bench:starts (builds first). Settings: BENCH_STARTS (20), BENCH_DURATION (seconds, 3).
import os from 'node:os';
import { hit } from './http-compare.js';
import { percentile, requireBuild, rssMb, startServer, stopServer } from './lib.js';

const STARTS = Number(process.env.BENCH_STARTS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const INSTANCES = 2000;
const CONFIGS = 100;

requireBuild();

const form = { 'content-type': 'application/x-www-form-urlencoded' };

async function seed(base: string): Promise<void> {
  const jobs: Array<Promise<Response>> = [];
  for (let i = 0; i < CONFIGS; i++) {
    jobs.push(
      fetch(`${base}/nacos/v1/cs/configs`, {
        method: 'POST',
        headers: form,
        body: new URLSearchParams({ dataId: `cfg-${i}`, group: 'BENCH', content: `a: ${i}` }),
      }),
    );
  }
  for (let i = 0; i < INSTANCES; i++) {
    const ip = `10.${(i >> 8) & 255}.${i & 255}.1`;
    jobs.push(fetch(`${base}/nacos/v1/ns/instance?serviceName=svc-${i % 20}&ip=${ip}&port=8080`, { method: 'POST' }));
    if (jobs.length >= 200) await Promise.all(jobs.splice(0));
  }
  await Promise.all(jobs);
}

async function main() {
  const rows: Array<{ readyMs: number; rss: number; rps: number; p99: number }> = [];
  for (let i = 0; i < STARTS; i++) {
    const t0 = performance.now();
    const server = await startServer();
    const readyMs = performance.now() - t0;
    try {
      await seed(server.base);
      await new Promise((r) => setTimeout(r, 500));
      const rss = rssMb(server.child.pid!);
      const run = await hit(server, 'GET', () => '/nacos/v1/cs/configs?dataId=cfg-7&group=BENCH', {
        connections: 50,
        seconds: DURATION,
      });
      rows.push({ readyMs, rss, rps: run.rps, p99: run.p99 });
      console.log(
        `start ${String(i + 1).padStart(2)}: ready ${readyMs.toFixed(0)} ms, idle RSS ${rss} MB, ` +
          `config get ${Math.round(run.rps)} req/s, p99 ${run.p99} ms`,
      );
    } finally {
      await stopServer(server);
    }
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const rps = sorted(rows.map((r) => r.rps));
  const median = percentile(rps, 50);
  const slow = rows.filter((r) => r.rps < 0.7 * median).length;
  console.log(`\nstart spread: ${os.cpus().length} cores, Node ${process.version}, ${STARTS} starts`);
  console.log(
    `config get req/s: min ${Math.round(rps[0])}, median ${Math.round(median)}, max ${Math.round(rps.at(-1)!)}`,
  );
  const rss = sorted(rows.map((r) => r.rss));
  console.log(`idle RSS MB: min ${rss[0]}, median ${percentile(rss, 50)}, max ${rss.at(-1)}`);
  const ready = sorted(rows.map((r) => r.readyMs));
  console.log(
    `ready ms: min ${ready[0].toFixed(0)}, median ${percentile(ready, 50).toFixed(0)}, max ${ready.at(-1)!.toFixed(0)}`,
  );
  console.log(`slow starts (< 70 % of the median): ${slow} of ${STARTS}`);
}

await main();
