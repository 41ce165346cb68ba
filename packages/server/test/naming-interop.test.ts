import { NacosNamingClient } from 'nacos';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import { buildTestApp, type TestApp } from './helpers.js';

/** The official Node client (nacos-naming, 1.x HTTP protocol with UDP push) against a listening server. */

const quiet = { info() {}, warn() {}, error() {}, debug() {}, log() {} };

/** The typings omit `close()` (from sdk-base) and make optional instance fields required. */
type NamingClient = NacosNamingClient & { close(): Promise<void> };
type InstanceArg = Parameters<NacosNamingClient['registerInstance']>[1];
const instance = (fields: {
  ip: string;
  port: number;
  healthy?: boolean;
  ephemeral?: boolean;
  metadata?: Record<string, string>;
}) => fields as unknown as InstanceArg;

interface Host {
  ip: string;
  port: number;
  healthy: boolean;
  enabled: boolean;
  weight: number;
  metadata: Record<string, string>;
}

async function until<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('nacos Node naming client', () => {
  let app: TestApp;
  let clock: ManualClock;
  let serverList: string;
  const clients: NamingClient[] = [];

  beforeEach(async () => {
    clock = new ManualClock();
    app = await buildTestApp({ clock, udpPushTiming: { delayMs: 10 } });
    const { http } = await app.listen();
    serverList = `127.0.0.1:${new URL(http).port}`;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await app.dispose();
  });

  async function client(): Promise<NamingClient> {
    const c = new NacosNamingClient({
      logger: quiet as unknown as Console,
      serverList,
      namespace: 'public',
    }) as NamingClient;
    clients.push(c);
    await c.ready();
    return c;
  }

  it('registers, lists, selects by health, deregisters and reports UP', async () => {
    const c = await client();
    // eslint-disable-next-line @typescript-eslint/await-thenable -- nacos-naming's types call it synchronous; it returns a Promise
    expect(await c.getServerStatus()).toBe('UP');
    // persistent both: a service holds one kind of instance (nacos 2.x)
    await c.registerInstance('order', instance({ ip: '10.0.0.1', port: 8080, metadata: { v: '1' }, ephemeral: false }));
    await c.registerInstance('order', instance({ ip: '10.0.0.2', port: 8080, healthy: false, ephemeral: false }));

    const all = (await c.getAllInstances('order', 'DEFAULT_GROUP', '', false)) as Host[];
    expect(all.map((h) => h.ip).sort()).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(all.find((h) => h.ip === '10.0.0.1')).toMatchObject({ port: 8080, healthy: true, metadata: { v: '1' } });

    const healthy = (await c.selectInstances('order', 'DEFAULT_GROUP', '', true, false)) as Host[];
    expect(healthy.map((h) => h.ip)).toEqual(['10.0.0.1']);
    const unhealthy = (await c.selectInstances('order', 'DEFAULT_GROUP', '', false, false)) as Host[];
    expect(unhealthy.map((h) => h.ip)).toEqual(['10.0.0.2']);

    await c.deregisterInstance('order', instance({ ip: '10.0.0.2', port: 8080, ephemeral: false }));
    const left = (await c.getAllInstances('order', 'DEFAULT_GROUP', '', false)) as Host[];
    expect(left.map((h) => h.ip)).toEqual(['10.0.0.1']);
  });

  it('delivers changes to subscribers by UDP push', async () => {
    const watcher = await client();
    const events: Host[][] = [];
    watcher.subscribe('pay', (hosts: Host[]) => events.push(hosts));
    await until(
      () => app.core.naming.listSubscribers({ serviceName: 'pay' }).length,
      (n) => n > 0,
      'subscription',
    );

    const provider = await client();
    await provider.registerInstance('pay', instance({ ip: '10.0.0.7', port: 9000 }));
    const seen = await until(
      () => events.at(-1) ?? [],
      (hosts) => hosts.some((h) => h.ip === '10.0.0.7'),
      'register event',
    );
    expect(seen[0]).toMatchObject({ ip: '10.0.0.7', port: 9000, healthy: true });
    expect(app.udpPush!.stats.acked).toBeGreaterThan(0);

    await provider.registerInstance('pay', instance({ ip: '10.0.0.8', port: 9000 }));
    await until(
      () => events.at(-1) ?? [],
      (hosts) => hosts.length === 2,
      'second instance event',
    );
  });

  it('drops an ephemeral instance whose client stopped beating', async () => {
    const stopping = await client();
    await stopping.registerInstance('cart', instance({ ip: '10.0.0.1', port: 80 }));
    const keeper = await client();
    // an ephemeral instance that needs no beats: one kept by a gRPC connection
    const cart = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'cart' };
    await app.core.naming.registerConnectionInstance('grpc-keeper', cart, { ip: '10.0.0.2', port: 80 });
    const watcher = await client();
    const events: Host[][] = [];
    watcher.subscribe('cart', (hosts: Host[]) => events.push(hosts));
    await until(
      () => events.at(-1) ?? [],
      (hosts) => hosts.length === 2,
      'initial list',
    );

    await stopping.close();
    clock.advance(16_000);
    app.core.naming.tick();
    const afterTimeout = await until(
      () => events.at(-1) ?? [],
      (hosts) => hosts.some((h) => h.ip === '10.0.0.1' && !h.healthy),
      'unhealthy event',
    );
    expect(afterTimeout.find((h) => h.ip === '10.0.0.2')?.healthy).toBe(true);
    const unhealthy = (await keeper.selectInstances('cart', 'DEFAULT_GROUP', '', false, false)) as Host[];
    expect(unhealthy.map((h) => h.ip)).toEqual(['10.0.0.1']);

    clock.advance(15_000);
    app.core.naming.tick();
    await until(
      () => events.at(-1) ?? [],
      (hosts) => hosts.length === 1,
      'removal event',
    );
    const left = (await keeper.getAllInstances('cart', 'DEFAULT_GROUP', '', false)) as Host[];
    expect(left.map((h) => h.ip)).toEqual(['10.0.0.2']);
  });
});
