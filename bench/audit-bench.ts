// What the audit trail costs a publish: two servers side by side, one with RNACOS_AUDIT_ENABLE=true (each
// publish commits its audit row in its own transaction) and one with it false, loaded in alternating runs
// by publish-bench's load (50 connections, a new config each). Medians, server CPU per request from /proc.
// Run: npm run build && npx tsx bench/audit-bench.ts
import os from 'node:os';
import type { Run } from './http-compare.js';
import { isMain, requireBuild, startServer, stopServer } from './lib.js';
import { publishLoad } from './publish-bench.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function main() {
  requireBuild();
  const servers = [
    { name: 'audit on', server: await startServer({ RNACOS_AUDIT_ENABLE: 'true' }) },
    { name: 'audit off', server: await startServer({ RNACOS_AUDIT_ENABLE: 'false' }) },
  ];
  const peer = (s: (typeof servers)[number]) => ({ name: s.name, child: s.server.child, port: s.server.port });
  try {
    for (const s of servers) await publishLoad(peer(s), 2);
    const runs = new Map<string, Run[]>(servers.map((s) => [s.name, []]));
    for (let r = 0; r < ROUNDS; r++) {
      // alternate which goes first: a shared machine's noise falls on both
      const order = r % 2 === 0 ? servers : [...servers].reverse();
      for (const s of order) runs.get(s.name)!.push(await publishLoad(peer(s), DURATION));
    }
    console.log(
      `audit bench: ${os.cpus().length} cores, Node ${process.version}, median of ${ROUNDS} runs of ${DURATION} s`,
    );
    console.log('| Server | publishes/s | p99 ms | CPU µs/req | errors |');
    console.log('|---|---|---|---|---|');
    const medians = servers.map((s) => {
      const sorted = [...runs.get(s.name)!].sort((a, b) => a.rps - b.rps);
      return { name: s.name, run: sorted[Math.floor(sorted.length / 2)] };
    });
    for (const { name, run } of medians) {
      console.log(`| ${name} | ${Math.round(run.rps)} | ${run.p99} | ${Math.round(run.cpuUs)} | ${run.errors} |`);
    }
    console.log(`ratio on / off: ${(medians[0].run.rps / medians[1].run.rps).toFixed(3)}`);
  } finally {
    for (const s of servers) await stopServer(s.server);
  }
}

if (isMain(import.meta.url)) await main();
