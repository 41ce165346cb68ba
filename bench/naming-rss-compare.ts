// RSS at 100,000 instances beside r-nacos: the load of regress's `rss-100k-instances` (100,000 instances
// in 10,000 services, each service polled once, then BENCH_SETTLE seconds idle) on tsnacos and on r-nacos
// 0.8.5, alternately, each on a fresh server pinned to core 0 (the load on core 1).
// Run: npm run build && npx tsx bench/naming-rss-compare.ts
import { hit, type Target } from './http-compare.js';
import { isMain, median, pinThisProcess, requireBuild, rssMb, startServer, stopServer } from './lib.js';
import { listPaths, registerPaths } from './naming-bench.js';
import { startRnacos } from './rnacos.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SETTLE_MS = Number(process.env.BENCH_SETTLE ?? 10) * 1000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SERVER_CPU = '0';
const LOAD_CPU = '1';

/** Seeds `target` as the regress path does, idles, and reads its RSS. */
async function seededRss(target: Target): Promise<number> {
  const registered = await hit(target, 'POST', registerPaths(0, 10_000), { connections: CONNECTIONS, amount: 100_000 });
  const polled = await hit(target, 'GET', listPaths(0, 10_000), { connections: CONNECTIONS, amount: 10_000 });
  if (registered.errors || polled.errors) throw new Error(`${registered.errors + polled.errors} requests failed`);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  return rssMb(target.child.pid!);
}

async function main() {
  requireBuild();
  pinThisProcess(LOAD_CPU);
  const figures: Record<string, number[]> = { tsnacos: [], 'r-nacos 0.8.5': [] };
  for (let round = 0; round < ROUNDS; round++) {
    const server = await startServer({}, { cpus: SERVER_CPU });
    try {
      figures.tsnacos.push(await seededRss(server));
    } finally {
      await stopServer(server);
    }
    const peer = await startRnacos({ cpus: SERVER_CPU });
    if (!peer) throw new Error('r-nacos is not available (no cargo, or BENCH_NO_RNACOS)');
    try {
      figures['r-nacos 0.8.5'].push(await seededRss(peer));
    } finally {
      await peer.cleanup();
    }
  }
  console.log('| RSS, 100,000 instances after idling (MB) | median | rounds |\n|---|---|---|');
  for (const [name, values] of Object.entries(figures)) {
    console.log(`| ${name} | ${median(values)} | ${values.join(', ')} |`);
  }
}

if (isMain(import.meta.url)) await main();
