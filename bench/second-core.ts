// Does a second server process pay on a 2-core machine? One node against two nodes holding the same data
// (a cluster on one PostgreSQL: each node answers reads from its own memory, changes reach the other through
// the database), under the same load: wrk, one thread per node, the connections split between the nodes.
// The load tool shares the two cores with the servers, as it does in every bench here.
// Run: npm run bench:second-core (builds first; needs wrk and Debian's postgresql)
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import { cpuMicros } from './http-compare.js';
import { publishConfig, requireBuild, startServer, stopServer, type BenchServer } from './lib.js';
import { startPostgres } from '../packages/server/test/postgres-server.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const INSTANCES = 20;

interface Load {
  rps: number;
  /** Server CPU per request, all nodes together (µs). */
  cpuUs: number;
}

/** One wrk run (one thread) against `url`: how many requests it completed. */
function wrk(url: string, connections: number, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, url]);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const done = /(\d+) requests in/.exec(out);
      const bad = /Non-2xx or 3xx responses: (\d+)/.exec(out);
      if (!done) return reject(new Error(`wrk gave no count:\n${out}`));
      if (bad) return reject(new Error(`${url}: ${bad[1]} answers were not 2xx`));
      resolve(Number(done[1]));
    });
  });
}

/** The same path loaded on every node at once, the connections split between them. */
async function load(nodes: BenchServer[], path: string, seconds: number): Promise<Load> {
  const cpu0 = nodes.map((n) => cpuMicros(n.child.pid!));
  const per = Math.max(1, Math.round(CONNECTIONS / nodes.length));
  const counts = await Promise.all(nodes.map((n) => wrk(`${n.base}${path}`, per, seconds)));
  const requests = counts.reduce((a, b) => a + b, 0);
  const cpu = nodes.reduce((sum, n, i) => sum + cpuMicros(n.child.pid!) - cpu0[i], 0);
  return { rps: requests / seconds, cpuUs: cpu / Math.max(1, requests) };
}

const median = (runs: Load[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];

/** Warm-up of each setup, then alternating rounds; the median round of each. */
async function alternate(setups: BenchServer[][], path: string): Promise<Load[]> {
  for (const nodes of setups) await load(nodes, path, 2);
  const runs: Load[][] = setups.map(() => []);
  for (let r = 0; r < ROUNDS; r++)
    for (const [i, nodes] of setups.entries()) runs[i].push(await load(nodes, path, DURATION));
  return runs.map(median);
}

async function post(base: string, path: string, form: Record<string, string>): Promise<void> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

/** Polls `path` on `node` until its body contains `needle` (the change reached that node). */
async function until(node: BenchServer, path: string, needle: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await (await fetch(`${node.base}${path}`)).text()).includes(needle)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} did not reach ${node.base}`);
}

async function main() {
  requireBuild();
  if (spawnSync('wrk', ['--version']).error) {
    console.log('second-core bench skipped: wrk is not installed (apt-get install wrk)');
    return;
  }
  const pg = await startPostgres();
  if (typeof pg === 'string') throw new Error(`PostgreSQL cannot run here: ${pg}`);
  const servers: BenchServer[] = [];
  try {
    const url = await pg.createDatabase('second_core');
    const single = await startServer();
    const a = await startServer({ RNACOS_DB_URL: url, RNACOS_RAFT_NODE_ID: '1' });
    servers.push(single, a);
    const getPath = '/nacos/v1/cs/configs?dataId=bench-config&group=BENCH';
    const listPath = '/nacos/v1/ns/instance/list?serviceName=bench-svc&healthyOnly=false';
    for (const node of [single, a]) {
      await publishConfig(node.base, 'bench-config', 'k: v');
      for (let i = 0; i < INSTANCES; i++)
        await post(node.base, '/nacos/v1/ns/instance', {
          serviceName: 'bench-svc',
          ip: `10.1.0.${i + 1}`,
          port: '8080',
          ephemeral: 'false',
        });
    }
    const second = await startServer({ RNACOS_DB_URL: url, RNACOS_RAFT_NODE_ID: '2' });
    servers.push(second);
    await until(second, getPath, 'k: v');
    await until(second, listPath, `10.1.0.${INSTANCES}"`);

    console.log(
      `second-core bench: ${os.cpus().length} cores, Node ${process.version}, wrk -t1 per node, ` +
        `${CONNECTIONS} connections in all, median of ${ROUNDS} alternating runs of ${DURATION} s`,
    );
    console.log('| load | one node, SQLite | one node, PostgreSQL | two nodes, PostgreSQL | two / one |');
    console.log('|---|---|---|---|---|');
    for (const [name, path] of [
      ['config get', getPath],
      ['instance list (20 instances)', listPath],
    ]) {
      const [s, one, two] = await alternate([[single], [a], [a, second]], path);
      const cell = (l: Load) => `${Math.round(l.rps).toLocaleString('en')} req/s, ${Math.round(l.cpuUs)} µs CPU`;
      console.log(`| ${name} | ${cell(s)} | ${cell(one)} | ${cell(two)} | ${(two.rps / one.rps).toFixed(2)} |`);
    }
  } finally {
    for (const s of servers) await stopServer(s);
    await pg.stop();
  }
}

await main();
