// Naming benchmark: register, beat and instance-list throughput beside a bare node:http ceiling answering
// the same bytes, server CPU time per request, and RSS with 10,000 and 100,000 instances.
// Run: npm run build && npx tsx bench/naming-bench.ts
import os from 'node:os';
import { compare, hit, startBare, table, type Target } from './http-compare.js';
import { isMain, requireBuild, rssMb, startServer, stop, stopServer } from './lib.js';

const SECONDS = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Instances per service in the paths below. */
export const PER_SERVICE = 10;

/**
 * Long heartbeat timeouts keep the instance set stable for the whole run: instances not beaten during the
 * list runs would otherwise expire midway, and the figures would measure expiry and pushes.
 */
const METADATA = JSON.stringify({
  version: '1.0.0',
  'preserved.heart.beat.timeout': '3600000',
  'preserved.ip.delete.timeout': '3600000',
});
const serviceName = (s: number) => `DEFAULT_GROUP@@bench-svc-${s}`;
const ipOf = (s: number, i: number) => `10.${(s >> 8) & 255}.${s & 255}.${i + 1}`;

/** Paths over services [from, to), every instance of each, in turn; wraps around. */
function cycle(from: number, to: number, perService: number, make: (s: number, i: number) => string): () => string {
  let n = 0;
  return () => {
    const k = n++ % ((to - from) * perService);
    return make(from + Math.floor(k / perService), k % perService);
  };
}
/** Registers of the PER_SERVICE instances of each service in [from, to), with the long timeouts above. */
export const registerPaths = (from: number, to: number) =>
  cycle(
    from,
    to,
    PER_SERVICE,
    (s, i) =>
      `/nacos/v1/ns/instance?${new URLSearchParams({
        namespaceId: 'public',
        serviceName: serviceName(s),
        groupName: 'DEFAULT_GROUP',
        clusterName: 'DEFAULT',
        ip: ipOf(s, i),
        port: '8080',
        weight: '1',
        enable: 'true',
        healthy: 'true',
        ephemeral: 'true',
        metadata: METADATA,
      })}`,
  );
// What the Node client sends: the beat JSON in the query, no separate ip/port.
export const beatPaths = (services: number) =>
  cycle(
    0,
    services,
    PER_SERVICE,
    (s, i) =>
      `/nacos/v1/ns/instance/beat?${new URLSearchParams({
        beat: JSON.stringify({
          serviceName: serviceName(s),
          ip: ipOf(s, i),
          port: 8080,
          cluster: 'DEFAULT',
          weight: 1,
          metadata: { version: '1.0.0' },
          scheduled: false,
        }),
        namespaceId: 'public',
        serviceName: serviceName(s),
      })}`,
  );
// A subscribing poller, as the Node and Java 1.x clients poll (udpPort + clientIP).
export const listPaths = (from: number, to: number) =>
  cycle(
    from,
    to,
    1,
    (s) =>
      `/nacos/v1/ns/instance/list?${new URLSearchParams({
        namespaceId: 'public',
        serviceName: serviceName(s),
        clusters: '',
        udpPort: '55555',
        clientIP: '127.0.0.1',
        healthyOnly: 'false',
      })}`,
  );

async function main() {
  const tsnacos = await startServer();
  const { base, child: server } = tsnacos;
  const bares: Target[] = [];
  try {
    const idleRss = rssMb(server.pid!);

    const register = await hit(tsnacos, 'POST', registerPaths(0, 1000), {
      connections: CONNECTIONS,
      amount: 1000 * PER_SERVICE,
    });
    const okBare = await startBare('ok');
    bares.push(okBare);
    const registerCeiling = await hit(okBare, 'POST', registerPaths(0, 1000), {
      connections: CONNECTIONS,
      amount: 1000 * PER_SERVICE,
    });

    const beatBody = await (await fetch(`${base}${beatPaths(1)()}`, { method: 'PUT' })).text();
    const listBody = await (await fetch(`${base}${listPaths(0, 1)()}`)).text();
    const beatBare = await startBare(beatBody);
    const listBare = await startBare(listBody);
    bares.push(beatBare, listBare);
    const load = { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS };
    const [beat, beatCeiling] = await compare(tsnacos, beatBare, 'PUT', beatPaths(1000), load);
    const [list, listCeiling] = await compare(tsnacos, listBare, 'GET', listPaths(0, 1000), load);
    const rss10k = rssMb(server.pid!);

    // 90,000 more instances, each new service polled once (and so subscribed to; a body is kept from the
    // second poll of an answer on).
    await hit(tsnacos, 'POST', registerPaths(1000, 10_000), { connections: CONNECTIONS, amount: 9000 * PER_SERVICE });
    await hit(tsnacos, 'GET', listPaths(1000, 10_000), { connections: CONNECTIONS, amount: 9000 });
    const metrics = (await (await fetch(`${base}/nacos/v1/ns/operator/metrics`)).json()) as {
      instanceCount: number;
      subscribeCount: number;
    };
    const rss100k = rssMb(server.pid!);

    console.log(
      `naming bench: ${os.cpus().length} x ${os.cpus()[0]?.model}, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `${CONNECTIONS} connections, register 10,000 once, beat/list ${ROUNDS} alternating runs of ${SECONDS} s (median); list body ${listBody.length} bytes`,
    );
    console.log('');
    console.log(
      table([
        ['register (10,000 new instances)', register, registerCeiling],
        ['beat (Node client form)', beat, beatCeiling],
        ['instance list (1,000 services)', list, listCeiling],
      ]),
    );
    console.log('');
    console.log(
      `RSS: idle ${idleRss} MB; 10,000 instances ${rss10k} MB; ${metrics.instanceCount} instances (${metrics.subscribeCount} subscribers, lists cached) ${rss100k} MB`,
    );
  } finally {
    await Promise.all([stopServer(tsnacos), ...bares.map((b) => stop(b.child))]);
  }
}

if (isMain(import.meta.url)) {
  requireBuild();
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
