// Holds `COUNT` connections subscribed to `SERVICE` (a child of grpc-bench.ts). For each change k (the
// instance port is 10000 + k) it prints one line once all its subscribers have it:
// {"round":k,"arrivals":[epoch ms, ...]}, each arrival taken when the push came off the stream.
import { openMany } from './grpc-client.js';

const count = Number(process.env.COUNT);
const service = { namespace: 'public', groupName: 'DEFAULT_GROUP', serviceName: process.env.SERVICE! };
const conns = await openMany(process.env.ADDRESS!, count, 50);
const rounds = new Map<number, number[]>();
const seen = conns.map(() => new Set<number>());
conns.forEach((c, i) => {
  c.onPush = (type, body, arrivedAt) => {
    if (type !== 'NotifySubscriberRequest') return;
    const hosts = (body.serviceInfo as { hosts: Array<{ port: number }> }).hosts;
    const round = hosts.length ? hosts[0].port - 10_000 : -1;
    if (round < 0 || seen[i].has(round)) return;
    seen[i].add(round);
    const arrivals = rounds.get(round) ?? [];
    arrivals.push(performance.timeOrigin + arrivedAt);
    rounds.set(round, arrivals);
    if (arrivals.length === count) {
      process.stdout.write(JSON.stringify({ round, arrivals }) + '\n');
      rounds.delete(round);
    }
  };
});
await Promise.all(conns.map((c) => c.call('SubscribeServiceRequest', { ...service, subscribe: true, clusters: '' })));
process.stdout.write('ready\n');
process.stdin.resume();
process.stdin.on('end', () => {
  for (const c of conns) c.close();
  process.exit(0);
});
