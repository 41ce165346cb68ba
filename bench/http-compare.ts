// Throughput of an HTTP server against a bare node:http ceiling sending the same bytes: alternating runs
// (so drifts of the machine hit both), medians, and the server's CPU time per request.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { freePort, startNode, waitHttp } from './lib.js';

const BARE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-http-server.mjs');

export interface HttpLoad {
  connections: number;
  /** Seconds per measured run. */
  seconds: number;
  /** Measured runs per server. */
  rounds: number;
}

export interface Run {
  rps: number;
  p99: number;
  errors: number;
  /** Server CPU time per request (µs): less disturbed than req/s by other load on the machine. */
  cpuUs: number;
}

export interface Target {
  child: ChildProcess;
  port: number;
}

/** utime + stime of a process in µs (Linux /proc, clock ticks of 10 ms). */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * One autocannon run against `target`, each request's path from `next()`: a duration or an amount;
 * `headers` go with every request (a console session's cookie, say).
 */
export async function hit(
  target: Target,
  method: 'GET' | 'POST' | 'PUT',
  next: () => string,
  run: { connections: number; amount?: number; seconds?: number; headers?: Record<string, string> },
): Promise<Run> {
  const cpu0 = cpuMicros(target.child.pid!);
  const result = await autocannon({
    url: `http://127.0.0.1:${target.port}`,
    connections: run.connections,
    ...(run.headers ? { headers: run.headers } : {}),
    ...(run.amount ? { amount: run.amount } : { duration: run.seconds ?? 5 }),
    requests: [{ method, setupRequest: (req) => ({ ...req, method, path: next() }) }],
  });
  const total = result.requests.total;
  return {
    rps: total / (result.duration || 1),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuUs: (cpuMicros(target.child.pid!) - cpu0) / Math.max(1, total),
  };
}

/** A 3 s warm-up of each (discarded), then `rounds` alternating runs; the median run of each. */
export async function compare(
  a: Target,
  b: Target,
  method: 'GET' | 'PUT',
  next: () => string,
  load: HttpLoad,
): Promise<[Run, Run]> {
  const runs: [Run[], Run[]] = [[], []];
  for (const t of [a, b]) await hit(t, method, next, { connections: load.connections, seconds: 3 });
  for (let r = 0; r < load.rounds; r++) {
    runs[0].push(await hit(a, method, next, { connections: load.connections, seconds: load.seconds }));
    runs[1].push(await hit(b, method, next, { connections: load.connections, seconds: load.seconds }));
  }
  const median = (rs: Run[]) => [...rs].sort((x, y) => x.rps - y.rps)[Math.floor(rs.length / 2)];
  return [median(runs[0]), median(runs[1])];
}

/** A bare node:http server answering `body` to everything (the ceiling). */
export async function startBare(body: string): Promise<Target> {
  const port = await freePort();
  const child = startNode(BARE, [], { PORT: String(port), BARE_BODY: body });
  await waitHttp(`http://127.0.0.1:${port}/`, child);
  return { child, port };
}

const HEADER =
  '| Load | tsnacos req/s | p99 ms | CPU µs/req | node:http req/s | p99 ms | CPU µs/req | req/s ratio | CPU ratio | errors |';

/** A markdown table of (name, server run, ceiling run) rows. */
export function table(rows: Array<[string, Run, Run]>): string {
  const line = ([name, t, c]: [string, Run, Run]) =>
    `| ${name} | ${Math.round(t.rps)} | ${t.p99} | ${Math.round(t.cpuUs)} | ${Math.round(c.rps)} | ${c.p99} | ${Math.round(c.cpuUs)} | ` +
    `${(t.rps / c.rps).toFixed(2)} | ${(c.cpuUs / t.cpuUs).toFixed(2)} | ${t.errors} |`;
  return [HEADER, '|---|---|---|---|---|---|---|---|---|---|', ...rows.map(line)].join('\n');
}
