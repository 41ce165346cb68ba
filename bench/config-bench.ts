// Config center benchmark: config-get throughput beside a bare node:http ceiling sending the same bytes,
// long-poll wake-up latency with 1,000 held listeners, RSS idle and under load.
// Run: npm run bench:config (builds first)
import os from 'node:os';
import { compare, startBare, table, type Target } from './http-compare.js';
import { percentile, requireBuild, rssMb, startServer, stop, stopServer, publishConfig } from './lib.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LISTENERS = 1000;
const WAKEUPS = 200;

requireBuild();

const form = { 'content-type': 'application/x-www-form-urlencoded' };

const publish = publishConfig;

async function main() {
  const tsnacos = await startServer();
  const { base, child: server } = tsnacos;
  let bare: Target | undefined;
  try {
    const started = Date.now();
    for (let i = 0; i < LISTENERS; i++) await publish(base, `cfg-${i}`, `a: ${i}\nb: 2\n`);
    const publishRate = Math.round(LISTENERS / ((Date.now() - started) / 1000));
    const idleRss = rssMb(server.pid!);

    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid!))), 200);
    const getPath = '/nacos/v1/cs/configs?dataId=cfg-7&group=BENCH';
    bare = await startBare(await (await fetch(`${base}${getPath}`)).text());
    const load = { connections: CONNECTIONS, seconds: DURATION, rounds: ROUNDS };
    const [get, ceiling] = await compare(tsnacos, bare, 'GET', () => getPath, load);
    clearInterval(sampler);

    // Long-poll wake-up: each listener watches its own key with the current md5, then the keys change one by one.
    const md5s = await Promise.all(
      Array.from({ length: LISTENERS }, async (_, i) =>
        (await fetch(`${base}/nacos/v1/cs/configs?dataId=cfg-${i}&group=BENCH`)).headers.get('content-md5')!,
      ),
    );
    const arrivals = new Map<number, number>();
    const listeners = md5s.map((md5, i) =>
      fetch(`${base}/nacos/v1/cs/configs/listener`, {
        method: 'POST',
        headers: { ...form, 'Long-Pulling-Timeout': '60000' },
        body: new URLSearchParams({ 'Listening-Configs': `cfg-${i}\u0002BENCH\u0002${md5}\u0001` }),
      }).then(async (res) => {
        await res.text();
        arrivals.set(i, performance.now());
      }),
    );
    await new Promise((r) => setTimeout(r, 1500));
    const heldRss = rssMb(server.pid!);
    const latencies: number[] = [];
    for (let i = 0; i < WAKEUPS; i++) {
      const t0 = performance.now();
      await publish(base, `cfg-${i}`, `changed ${i}`);
      const deadline = Date.now() + 5000;
      while (!arrivals.has(i) && Date.now() < deadline) await new Promise((r) => setImmediate(r));
      latencies.push((arrivals.get(i) ?? NaN) - t0);
    }
    latencies.sort((a, b) => a - b);
    for (let i = WAKEUPS; i < LISTENERS; i++) await publish(base, `cfg-${i}`, `release ${i}`);
    await Promise.all(listeners);

    console.log(
      `config bench: ${os.cpus().length} cores, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `${CONNECTIONS} connections, ${ROUNDS} alternating runs of ${DURATION} s (median); req/s ratio target >= 0.80`,
    );
    console.log(table([['config get', get, ceiling]]));
    console.log(`publish (sequential, fsync per write): ${publishRate} configs/s`);
    console.log(
      `wake-up (publish sent -> listener answered, ${LISTENERS} held): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (target p99 <= 50 ms)`,
    );
    console.log(
      `RSS: idle ${idleRss} MB, peak under get load ${peakRss} MB, with ${LISTENERS} held listeners ${heldRss} MB`,
    );
  } finally {
    await Promise.all([stopServer(tsnacos), ...(bare ? [stop(bare.child)] : [])]);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
