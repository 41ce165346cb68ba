// Cluster benchmark: 3 nodes on one PostgreSQL (all on this machine). Publish on node 1 -> long-poll
// wake-up on node 2 with 1,000 held listeners; config get throughput of each node against a single
// embedded-store node; HTTP register throughput on one node of the cluster and on the single node;
// HTTP publish throughput through all three nodes at once; kill -9 of node 3 -> its ephemeral
// instances gone from nodes 1 and 2 (default lease unless RNACOS_CLUSTER_LEASE_SECOND is set); ephemeral
// HTTP instances registered and deregistered through node 1 and through nodes 1-3 at once.
// Run: npm run bench:cluster (builds first; needs Debian's postgresql, as the cluster tests do)
// Settings: BENCH_DURATION, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_INSTANCES (per run), BENCH_PARTS (a comma
// list of wakeup, get, register, publish, kill, instances; all by default); BENCH_SERVER_DIST=<checkout>/packages/server/dist
// measures another build with this script (run it with `npx tsx bench/cluster-bench.ts`);
// BENCH_BEFORE_PUBLISH_RPS=<publishes/s of that build> prints the publish figure against it.
import os from 'node:os';
import { hit, type Run } from './http-compare.js';
import {
  percentile,
  requireBuild,
  serverMain,
  startServer,
  stopServer,
  type BenchServer,
  publishConfig,
} from './lib.js';
import { startPostgres } from '../packages/server/test/postgres-server.js';
import { killToGone } from './cluster-kill.js';
import { publishAcross, type ClusterPublishRun } from './cluster-publish-load.js';
import { instancesAcross, type InstanceRun } from './cluster-instance-load.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LISTENERS = 1000;
const WAKEUPS = 200;
const KILLED_INSTANCES = 5;
/** Node 3, then fresh nodes 4, 5, ...: where a node's lease stood when it died varies the figure. */
const KILLS = Number(process.env.BENCH_KILLS ?? 3);
const BEFORE_PUBLISH_RPS = Number(process.env.BENCH_BEFORE_PUBLISH_RPS ?? NaN);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 6000);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'wakeup,get,register,publish,kill,instances').split(','));

requireBuild();

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const target = (s: BenchServer) => ({ child: s.child, port: s.port });

const publish = publishConfig;
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

/** Median of `ROUNDS` runs of the same load. */
async function median(server: BenchServer, method: 'GET' | 'POST', next: () => string): Promise<Run> {
  await hit(target(server), method, next, { connections: CONNECTIONS, seconds: 2 });
  const runs: Run[] = [];
  for (let r = 0; r < ROUNDS; r++)
    runs.push(await hit(target(server), method, next, { connections: CONNECTIONS, seconds: DURATION }));
  return runs.sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
}

let port = 10_000;
const register = () =>
  `/nacos/v1/ns/instance?serviceName=bench-svc&ip=10.9.${(port >> 8) & 255}.${port & 255}&port=${(port++ % 60000) + 1}&ephemeral=false`;

async function wakeups(writer: BenchServer, reader: BenchServer): Promise<number[]> {
  for (let i = 0; i < LISTENERS; i++) await publish(writer.base, `cfg-${i}`, `a: ${i}`);
  // every node has every key before the listeners start
  for (let i = 0; i < LISTENERS; i += 97) {
    while ((await fetch(`${reader.base}/nacos/v1/cs/configs?dataId=cfg-${i}&group=BENCH`)).status !== 200)
      await new Promise((r) => setTimeout(r, 20));
  }
  const md5s = await Promise.all(
    Array.from({ length: LISTENERS }, async (_, i) =>
      (await fetch(`${reader.base}/nacos/v1/cs/configs?dataId=cfg-${i}&group=BENCH`)).headers.get('content-md5')!,
    ),
  );
  const arrivals = new Map<number, number>();
  const held = md5s.map((md5, i) =>
    fetch(`${reader.base}/nacos/v1/cs/configs/listener`, {
      method: 'POST',
      headers: { ...form, 'Long-Pulling-Timeout': '60000' },
      body: new URLSearchParams({ 'Listening-Configs': `cfg-${i}\u0002BENCH\u0002${md5}\u0001` }),
    }).then(async (res) => {
      await res.text();
      arrivals.set(i, performance.now());
    }),
  );
  await new Promise((r) => setTimeout(r, 1500));
  const latencies: number[] = [];
  for (let i = 0; i < WAKEUPS; i++) {
    const t0 = performance.now();
    await publish(writer.base, `cfg-${i}`, `changed ${i}`);
    const deadline = Date.now() + 5000;
    while (!arrivals.has(i) && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    latencies.push((arrivals.get(i) ?? NaN) - t0);
  }
  for (let i = WAKEUPS; i < LISTENERS; i++) await publish(writer.base, `cfg-${i}`, `release ${i}`);
  await Promise.all(held);
  return latencies.sort((a, b) => a - b);
}

/** Median (by throughput) of `ROUNDS` register-then-deregister runs of fresh instances. */
async function instanceRounds(
  registerOn: BenchServer[],
  run: { next: number },
): Promise<{ register: InstanceRun; deregister: InstanceRun }> {
  const registers: InstanceRun[] = [];
  const deregisters: InstanceRun[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const id = run.next++;
    registers.push(await instancesAcross(registerOn, 'POST', id, INSTANCES, CONNECTIONS));
    // through another node than the registration when several take part: decided by a non-owner
    deregisters.push(await instancesAcross(registerOn, 'DELETE', id, INSTANCES, CONNECTIONS, 1));
  }
  const median = (runs: InstanceRun[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
  return { register: median(registers), deregister: median(deregisters) };
}

async function main() {
  const pg = await startPostgres();
  if (typeof pg === 'string') throw new Error(`PostgreSQL cannot run here: ${pg}`);
  const servers: BenchServer[] = [];
  const lines: string[] = [];
  const table: string[] = [];
  try {
    const single = await startServer();
    servers.push(single);
    const url = await pg.createDatabase('bench');
    const nodes: BenchServer[] = [];
    for (const id of [1, 2, 3]) nodes.push(await startServer({ RNACOS_DB_URL: url, RNACOS_RAFT_NODE_ID: String(id) }));
    servers.push(...nodes);

    if (PARTS.has('wakeup')) {
      const latencies = await wakeups(nodes[0], nodes[1]);
      const wakeP99 = percentile(latencies, 99);
      lines.push(
        `publish on node 1 -> long-poll wake-up on node 2 (${LISTENERS} listeners, ${WAKEUPS} changes): ` +
          `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${wakeP99.toFixed(1)} ms ` +
          `(target p99 <= 50 ms: ${verdict(wakeP99 <= 50)})`,
      );
    }
    const row = (name: string, r: Run, base: Run) =>
      table.push(
        `| ${name} | ${Math.round(r.rps)} | ${r.p99} | ${Math.round(r.cpuUs)} | ${(r.rps / base.rps).toFixed(2)} |`,
      );
    if (PARTS.has('get')) {
      await publish(single.base, 'cfg-7', 'a: 7');
      await publish(nodes[0].base, 'cfg-7', 'a: 7');
      const getPath = () => '/nacos/v1/cs/configs?dataId=cfg-7&group=BENCH';
      const singleGet = await median(single, 'GET', getPath);
      row('config get, single node (SQLite)', singleGet, singleGet);
      for (const [i, node] of nodes.entries())
        row(`config get, cluster node ${i + 1}`, await median(node, 'GET', getPath), singleGet);
    }
    if (PARTS.has('register')) {
      const singleReg = await median(single, 'POST', register);
      row('persistent register, single node', singleReg, singleReg);
      row('persistent register, cluster node 1', await median(nodes[0], 'POST', register), singleReg);
    }
    if (PARTS.has('publish')) {
      await publishAcross(nodes, CONNECTIONS, 2);
      const publishes: ClusterPublishRun[] = [];
      for (let r = 0; r < ROUNDS; r++) publishes.push(await publishAcross(nodes, CONNECTIONS, DURATION));
      const published = publishes.sort((a, b) => a.rps - b.rps)[Math.floor(publishes.length / 2)];
      const against = Number.isNaN(BEFORE_PUBLISH_RPS)
        ? 'target >= 0.8x the build before (give BENCH_BEFORE_PUBLISH_RPS)'
        : `${(published.rps / BEFORE_PUBLISH_RPS).toFixed(2)}x the ${Math.round(BEFORE_PUBLISH_RPS)} before ` +
          `(target >= 0.8x: ${verdict(published.rps >= 0.8 * BEFORE_PUBLISH_RPS)})`;
      lines.push(
        `HTTP publish through nodes 1-3 at once (${CONNECTIONS} connections, 1 in 5 to 10 hot keys, median of ` +
          `${ROUNDS} runs of ${DURATION} s): ${Math.round(published.rps)} publishes/s, p50 ${published.p50.toFixed(1)} ms, ` +
          `p99 ${published.p99.toFixed(1)} ms, ${Math.round(published.cpuUs)} µs CPU/publish on the nodes, ` +
          `${published.errors} errors; ${against}`,
      );
    }
    if (PARTS.has('instances')) {
      const run = { next: 1 };
      // a warm-up of each kind, not counted
      await instancesAcross(nodes, 'POST', 0, 1000, CONNECTIONS);
      await instancesAcross(nodes, 'DELETE', 0, 1000, CONNECTIONS, 1);
      const one = await instanceRounds([nodes[0]], run);
      const three = await instanceRounds(nodes, run);
      const show = (name: string, r: InstanceRun) =>
        lines.push(
          `${name}: ${Math.round(r.rps)}/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ` +
            `${Math.round(r.cpuUs)} µs CPU/request on the nodes, ${r.errors} errors`,
        );
      const what = `${INSTANCES} ephemeral HTTP instances in ${100} services, ${CONNECTIONS} connections, median of ${ROUNDS}`;
      show(`register through node 1 (${what})`, one.register);
      show(`deregister through node 1 (the owner)`, one.deregister);
      show(`register through nodes 1-3 at once`, three.register);
      show(`deregister through nodes 1-3 at once (each through another node than its registration)`, three.deregister);
    }
    if (PARTS.has('kill')) {
      const kills: number[] = [];
      for (let k = 0; k < KILLS; k++) {
        const victim =
          k === 0 ? nodes[2] : await startServer({ RNACOS_DB_URL: url, RNACOS_RAFT_NODE_ID: String(3 + k) });
        if (k > 0) servers.push(victim);
        kills.push(await killToGone(victim, nodes.slice(0, 2), KILLED_INSTANCES));
      }
      const lease = process.env.RNACOS_CLUSTER_LEASE_SECOND ?? 'default';
      const worst = kills.some(Number.isNaN) ? NaN : Math.max(...kills);
      lines.push(
        `kill -9 of a node (3, then fresh ones) -> its ${KILLED_INSTANCES} gRPC ephemeral instances gone on nodes 1 ` +
          `and 2 (lease ${lease}): ${kills.map((ms) => (ms / 1000).toFixed(1)).join(' / ')} s ` +
          `(target <= 15 s, worst of ${KILLS}: ${verdict(worst <= 15_000)})`,
      );
    }

    console.log(
      `cluster bench: ${os.cpus().length} cores, Node ${process.version}, 3 nodes + PostgreSQL on this machine`,
    );
    console.log(`server: ${serverMain()}`);
    for (const line of lines) console.log(line);
    if (table.length > 0) {
      console.log('| Load | req/s | p99 ms | CPU µs/req | against single node |');
      console.log('|---|---|---|---|---|');
      for (const line of table) console.log(line);
    }
  } finally {
    for (const s of servers) await stopServer(s);
    await pg.stop();
  }
}

await main();
