// Probes of persistent instances: 10,000 registered (half on listening ports, half on closed ones), then
// per probe interval the round's duration (the server's naming_probe_round_ms gauge), the server's CPU time
// over the interval, and its RSS.
// Run: npm run build && npx tsx bench/persistent-probe-bench.ts
import net from 'node:net';
import { cpuMicros } from './http-compare.js';
import { freePort, requireBuild, rssMb, startServer, stopServer } from './lib.js';

const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 10_000);
/** The shortest interval the setting takes; 0 runs the server with probing off (the baseline). */
const INTERVAL_S = Number(process.env.BENCH_INTERVAL ?? 5);
/** Seconds each line of the table covers. */
const WINDOW_S = INTERVAL_S > 0 ? INTERVAL_S : 5;
const INTERVALS = Number(process.env.BENCH_ROUNDS ?? 6);
const REGISTER_CONCURRENCY = 32;
const SERVICES = 100;

/** Listening ports for the live half: plain TCP servers that close what they accept. */
async function listeners(count: number): Promise<net.Server[]> {
  const servers: net.Server[] = [];
  for (let i = 0; i < count; i++) {
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  return servers;
}

async function register(base: string, targets: { ip: string; port: number }[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const i = next++;
      const query = new URLSearchParams({
        serviceName: `DEFAULT_GROUP@@probe-svc-${i % SERVICES}`,
        ip: targets[i].ip,
        port: String(targets[i].port),
        ephemeral: 'false',
      });
      const res = await fetch(`${base}/nacos/v1/ns/instance?${query}`, { method: 'POST' });
      if (res.status !== 200) throw new Error(`register answered ${res.status}: ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: REGISTER_CONCURRENCY }, worker));
}

async function gauge(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
}

async function main(): Promise<void> {
  requireBuild();
  const live = await listeners(INSTANCES / 2);
  const closedPort = await freePort(); // nothing listens there once freePort has closed it
  const targets = [
    ...live.map((s) => ({ ip: '127.0.0.1', port: (s.address() as net.AddressInfo).port })),
    // distinct loopback addresses make distinct instances on the one closed port
    ...Array.from({ length: INSTANCES / 2 }, (_, i) => ({
      ip: `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      port: closedPort,
    })),
  ];
  const server = await startServer({ RNACOS_NAMING_PERPETUAL_INSTANCE_PROBE_INTERVAL_SECOND: String(INTERVAL_S) });
  const pid = server.child.pid!;
  try {
    console.log(`idle: RSS ${rssMb(pid)} MB`);
    const started = Date.now();
    await register(server.base, targets);
    console.log(`registered ${targets.length} persistent instances in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log('interval | last round ms | found down | server CPU ms in the interval | CPU % of one core | RSS MB');
    for (let n = 1; n <= INTERVALS; n++) {
      const cpuBefore = cpuMicros(pid);
      await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
      const cpuMs = (cpuMicros(pid) - cpuBefore) / 1000;
      const roundMs = await gauge(server.base, 'naming_probe_round_ms');
      const down = await gauge(server.base, 'naming_probe_unhealthy_size');
      const share = ((cpuMs / (WINDOW_S * 1000)) * 100).toFixed(1);
      console.log(`${n} | ${Math.round(roundMs)} | ${down} | ${Math.round(cpuMs)} | ${share} | ${rssMb(pid)}`);
    }
  } finally {
    await stopServer(server);
    await Promise.all(live.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}

await main();
