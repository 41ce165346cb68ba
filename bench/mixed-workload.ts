// Reads under a publish storm: 1,000 configs, 20 connections reading (config get, each request a random
// config), first alone, then beside 20 more connections publishing as fast as they can (each a rewrite of a
// random config). During the storm one config is also changed every WAKE_EVERY_MS and two listeners time
// their wake-up from the moment the change is sent: an HTTP long-poll (armed again after each answer) and a
// gRPC listener (ConfigBatchListenRequest, answered by a ConfigChangeNotifyRequest push). tsnacos also
// reports its event-loop delay (p99 since the previous /metrics scrape). Used by rnacos-compare.ts.
import { createHash } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { BenchConnection } from './grpc-client.js';
import { hit, type Run } from './http-compare.js';
import { percentile, publishConfig } from './lib.js';

export const MIXED_CONFIGS = 1_000;
const READERS = 20;
const WRITERS = 20;
const WAKE_EVERY_MS = 50;
const WATCHED = 'watched.yaml';

export interface MixedTarget {
  name: string;
  child: ChildProcess;
  port: number;
  /** gRPC host:port. */
  grpc: string;
  /** Serves the event-loop delay gauges at /metrics (tsnacos). */
  reportsLoopDelay: boolean;
}

export interface MixedRun {
  alone: Run;
  storm: Run;
  publishRps: number;
  /** Latency of a publish during the storm (its group commit's fdatasync included). */
  publishP99: number;
  publishErrors: number;
  longPollP99: number;
  grpcPushP99: number;
  wakeUps: number;
  loopDelayAloneP99: number;
  loopDelayStormP99: number;
}

export async function seedMixed(t: MixedTarget): Promise<void> {
  const base = `http://127.0.0.1:${t.port}`;
  for (let i = 0; i < MIXED_CONFIGS; i += 100) {
    await Promise.all(Array.from({ length: 100 }, (_, k) => publishConfig(base, `mix-${i + k}`, `n: ${i + k}\n`)));
  }
  await publishConfig(base, WATCHED, 'v: 0\n');
}

const randomKey = () => Math.floor(Math.random() * MIXED_CONFIGS);
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

async function loopDelayP99(t: MixedTarget): Promise<number> {
  if (!t.reportsLoopDelay) return NaN;
  const text = await (await fetch(`http://127.0.0.1:${t.port}/metrics`)).text();
  return Number(/^app_event_loop_delay_p99_ms (\S+)$/m.exec(text)?.[1] ?? NaN);
}

function readLoad(t: MixedTarget, seconds: number): Promise<Run> {
  return hit(t, 'GET', () => `/nacos/v1/cs/configs?dataId=mix-${randomKey()}&group=BENCH`, {
    connections: READERS,
    seconds,
  });
}

let written = 0;
async function publishStorm(t: MixedTarget, seconds: number): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({
    url: `http://127.0.0.1:${t.port}`,
    connections: WRITERS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          path: '/nacos/v1/cs/configs',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `dataId=mix-${randomKey()}&group=BENCH&content=${encodeURIComponent(`n: ${written++}\n`)}`,
        }),
      },
    ],
  });
  return {
    rps: result.requests.total / (result.duration || 1),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Changes WATCHED again and again until `stop`, timing both listeners' wake-ups (ms from the send). */
async function wakeUps(t: MixedTarget, listener: BenchConnection, stop: () => boolean) {
  const base = `http://127.0.0.1:${t.port}`;
  const longPoll: number[] = [];
  const pushes: number[] = [];
  let content = (await (await fetch(`${base}/nacos/v1/cs/configs?dataId=${WATCHED}&group=BENCH`)).text()) || '';
  let pushed: ((at: number) => void) | undefined;
  listener.onPush = (type, body, arrivedAt) => {
    if (type === 'ConfigChangeNotifyRequest' && body.dataId === WATCHED) pushed?.(arrivedAt);
  };
  while (!stop()) {
    const armed = fetch(`${base}/nacos/v1/cs/configs/listener`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'Long-Pulling-Timeout': '30000' },
      body: `Listening-Configs=${encodeURIComponent(`${WATCHED}\u0002BENCH\u0002${md5(content)}\u0001`)}`,
    }).then(() => performance.now());
    await new Promise((r) => setTimeout(r, WAKE_EVERY_MS)); // the long-poll is held by now
    const push = new Promise<number>((resolve) => (pushed = resolve));
    content = `v: ${performance.now()}\n`;
    const sent = performance.now();
    await publishConfig(base, WATCHED, content);
    const [answered, arrived] = await Promise.all([armed, push]);
    longPoll.push(answered - sent);
    pushes.push(arrived - sent);
  }
  const p99 = (xs: number[]) =>
    Math.round(
      percentile(
        [...xs].sort((a, b) => a - b),
        99,
      ) * 10,
    ) / 10;
  return { longPollP99: p99(longPoll), grpcPushP99: p99(pushes), count: longPoll.length };
}

/** A gRPC connection listening to WATCHED, as a config SDK would. */
export async function openListener(t: MixedTarget): Promise<BenchConnection> {
  const c = new BenchConnection(t.grpc);
  await c.connect({ source: 'sdk', module: 'config' });
  const base = `http://127.0.0.1:${t.port}`;
  const content = await (await fetch(`${base}/nacos/v1/cs/configs?dataId=${WATCHED}&group=BENCH`)).text();
  await c.call('ConfigBatchListenRequest', {
    module: 'config',
    listen: true,
    configListenContexts: [{ dataId: WATCHED, group: 'BENCH', tenant: '', md5: md5(content) }],
  });
  return c;
}

/** One round: reads alone, then reads beside the publish storm and the wake-up probes. */
export async function mixedRound(t: MixedTarget, listener: BenchConnection, seconds: number): Promise<MixedRun> {
  await loopDelayP99(t); // starts the server's delay window
  const alone = await readLoad(t, seconds);
  const loopDelayAloneP99 = await loopDelayP99(t);
  let done = false;
  const probes = wakeUps(t, listener, () => done);
  const [storm, publish] = await Promise.all([readLoad(t, seconds), publishStorm(t, seconds)]);
  const loopDelayStormP99 = await loopDelayP99(t);
  done = true;
  const wake = await probes;
  return {
    alone,
    storm,
    publishRps: publish.rps,
    publishP99: publish.p99,
    publishErrors: publish.errors,
    longPollP99: wake.longPollP99,
    grpcPushP99: wake.grpcPushP99,
    wakeUps: wake.count,
    loopDelayAloneP99,
    loopDelayStormP99,
  };
}

/** Markdown rows of the medians (by each figure on its own) of each target's rounds. */
export function mixedRows(names: string[], runs: MixedRun[][]): string[] {
  const med = (k: number, pick: (r: MixedRun) => number) => {
    const xs = runs[k].map(pick).sort((a, b) => a - b);
    return xs[Math.floor(xs.length / 2)];
  };
  const row = (label: string, cell: (k: number) => string) =>
    `| ${label} | ${names.map((_, k) => cell(k)).join(' | ')} |`;
  const n = (x: number) => (Number.isNaN(x) ? '—' : String(Math.round(x)));
  const ms = (x: number) => (Number.isNaN(x) ? '—' : `${Math.round(x * 100) / 100} ms`);
  return [
    row(
      `mixed: config get alone (${READERS} conns, ${MIXED_CONFIGS} configs), req/s · p99`,
      (k) => `${n(med(k, (r) => r.alone.rps))} · ${ms(med(k, (r) => r.alone.p99))}`,
    ),
    row(
      `mixed: config get during the publish storm (+${WRITERS} publishing conns), req/s · p99`,
      (k) => `${n(med(k, (r) => r.storm.rps))} · ${ms(med(k, (r) => r.storm.p99))}`,
    ),
    row(
      'mixed: publishes/s during the storm · p99 (errors)',
      (k) =>
        `${n(med(k, (r) => r.publishRps))} · ${ms(med(k, (r) => r.publishP99))} (${n(med(k, (r) => r.publishErrors))})`,
    ),
    row('mixed: long-poll wake-up p99 during the storm', (k) => ms(med(k, (r) => r.longPollP99))),
    row('mixed: gRPC listener wake-up p99 during the storm', (k) => ms(med(k, (r) => r.grpcPushP99))),
    row(
      'mixed: event-loop delay p99, alone → storm',
      (k) => `${ms(med(k, (r) => r.loopDelayAloneP99))} → ${ms(med(k, (r) => r.loopDelayStormP99))}`,
    ),
  ];
}
