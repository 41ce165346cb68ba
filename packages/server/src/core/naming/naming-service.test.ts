import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { NacosError } from '../../shared/errors.js';
import { MemoryInstanceStore } from '../../../test/fakes/memory-instance-store.js';
import { instanceIdOf, type InstanceInput, type ServiceKey } from './naming-model.js';
import { NamingService } from './naming-service.js';
import { parseServiceKey } from './naming-validation.js';

const order: ServiceKey = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'order' };

describe('NamingService instances and queries', () => {
  let clock: ManualClock;
  let store: MemoryInstanceStore;
  let naming: NamingService;
  let events: string[];

  beforeEach(async () => {
    clock = new ManualClock();
    store = new MemoryInstanceStore();
    naming = await NamingService.create(store, clock);
    events = [];
    naming.onServiceChanged((key) => events.push(key.serviceName));
  });

  it('keeps a service to one kind of instance, with the refusals of nacos 2.x', async () => {
    await naming.registerInstance(order, { ip: '10.0.0.1', port: 1, ephemeral: false });
    await expect(naming.registerInstance(order, { ip: '10.0.0.2', port: 1 })).rejects.toThrow(
      "Current service DEFAULT_GROUP@@order is persistent service, can't register ephemeral instance.",
    );
    await expect(naming.registerConnectionInstance('conn-1', order, { ip: '10.0.0.3', port: 1 })).rejects.toThrow(
      'is persistent service',
    );
    const cart = { ...order, serviceName: 'cart' };
    await naming.registerInstance(cart, { ip: '10.0.0.1', port: 1 });
    const refused = naming.registerInstance(cart, { ip: '10.0.0.2', port: 1, ephemeral: false });
    await expect(refused).rejects.toThrow(
      "Current service DEFAULT_GROUP@@cart is ephemeral service, can't register persistent instance.",
    );
    await expect(refused).rejects.toMatchObject({ kind: 'invalid' });
    expect(store.instances.size).toBe(1);
    // once empty, a service takes either kind
    await naming.deregisterInstance(cart, { ip: '10.0.0.1', port: 1 });
    await naming.registerInstance(cart, { ip: '10.0.0.2', port: 1, ephemeral: false });
    expect(naming.listInstances(cart).map((i) => i.ephemeral)).toEqual([false]);
  });

  it('registers with nacos defaults and answers queries with grouped names', async () => {
    await naming.registerInstance(order, { ip: '10.0.0.5', port: 8080, metadata: { v: '1' } });
    const info = naming.query(order);
    expect(info.exists).toBe(true);
    expect(info.groupedName).toBe('DEFAULT_GROUP@@order');
    // hosts carry the grouped name on the wire, from info.groupedName, and the id nacos generates
    expect(info.hosts.map((h) => instanceIdOf(h, info.groupedName))).toEqual([
      '10.0.0.5#8080#DEFAULT#DEFAULT_GROUP@@order',
    ]);
    expect(info.hosts).toMatchObject([
      {
        ip: '10.0.0.5',
        port: 8080,
        weight: 1,
        healthy: true,
        enabled: true,
        ephemeral: true,
        clusterName: 'DEFAULT',
        metadata: { v: '1' },
      },
    ]);
    expect(typeof info.checksum).toBe('string');
    expect(events).toEqual(['order']);
  });

  it('filters by cluster, health and enabled', async () => {
    await naming.registerInstance(order, { ip: '10.0.0.1', port: 1, clusterName: 'A' });
    await naming.registerInstance(order, { ip: '10.0.0.2', port: 1, clusterName: 'B', healthy: false });
    await naming.registerInstance(order, { ip: '10.0.0.3', port: 1, clusterName: 'B' });
    await naming.registerInstance(order, { ip: '10.0.0.4', port: 1, clusterName: 'A', enabled: false });
    const ips = (o: Parameters<NamingService['query']>[1]) =>
      naming
        .query(order, o)
        .hosts.map((h) => h.ip)
        .sort();
    expect(ips({})).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3']);
    expect(ips({ healthyOnly: true })).toEqual(['10.0.0.1', '10.0.0.3']);
    expect(ips({ clusters: 'B' })).toEqual(['10.0.0.2', '10.0.0.3']);
    expect(ips({ clusters: ' A , B ', healthyOnly: true })).toEqual(['10.0.0.1', '10.0.0.3']);
    expect(naming.query(order, { clusters: 'B' }).clusters).toBe('B');
  });

  it('applies the protect threshold like nacos', async () => {
    await naming.registerInstance(order, { ip: '10.0.0.1', port: 1 });
    await naming.registerInstance(order, { ip: '10.0.0.2', port: 1, healthy: false });
    expect(naming.query(order, { healthyOnly: true }).hosts).toHaveLength(1);
    await naming.updateService(order, { protectThreshold: 0.6 });
    const info = naming.query(order, { healthyOnly: true });
    expect(info.reachProtectionThreshold).toBe(true);
    expect(info.hosts.map((h) => [h.ip, h.healthy])).toEqual([
      ['10.0.0.1', true],
      ['10.0.0.2', true],
    ]);
    // Default threshold 0: protection triggers only when no instance is healthy.
    await naming.updateService(order, { protectThreshold: 0 });
    await naming.patchInstance(order, { ip: '10.0.0.1', port: 1 }, { healthy: false });
    expect(naming.query(order, { healthyOnly: true }).hosts).toHaveLength(2);
  });

  it('answers from memory: the same object until the service changes, with a later lastRefTime', async () => {
    await naming.registerInstance(order, { ip: '10.0.0.1', port: 1 });
    const first = naming.query(order);
    expect(naming.query(order)).toBe(first);
    await naming.registerInstance(order, { ip: '10.0.0.1', port: 1 });
    expect(naming.query(order)).toBe(first);
    expect(events).toHaveLength(1);
    await naming.registerInstance(order, { ip: '10.0.0.1', port: 1, weight: 2 });
    const second = naming.query(order);
    expect(second).not.toBe(first);
    expect(second.lastRefTime).toBeGreaterThan(first.lastRefTime);
    expect(events).toHaveLength(2);
  });

  it('returns an empty answer for an unknown service', () => {
    const info = naming.query(parseServiceKey({ serviceName: 'g@@nothing' }), { clusters: 'X' });
    expect(info).toMatchObject({ exists: false, hosts: [], clusters: 'X', groupedName: 'g@@nothing' });
  });

  it('keeps namespaces apart', async () => {
    const dev = { ...order, namespaceId: 'dev' };
    await naming.registerInstance(dev, { ip: '10.0.0.1', port: 1 });
    expect(naming.query(order).hosts).toHaveLength(0);
    expect(naming.query(dev).hosts).toHaveLength(1);
    expect(naming.serviceNames('dev', 'DEFAULT_GROUP')).toEqual(['order']);
    expect(naming.serviceNames('public', 'DEFAULT_GROUP')).toEqual([]);
  });

  it('updates only given fields, and patch of a missing instance is not_found', async () => {
    await naming.registerInstance(order, { ip: '10.0.0.1', port: 1, weight: 3, metadata: { a: '1' } });
    await naming.updateInstance(order, { ip: '10.0.0.1', port: 1, enabled: false });
    expect(naming.getInstance(order, { ip: '10.0.0.1', port: 1 })).toMatchObject({
      weight: 3,
      enabled: false,
      metadata: { a: '1' },
    });
    await expect(naming.patchInstance(order, { ip: '10.0.0.9', port: 1 }, { weight: 1 })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('deregisters and reports whether there was an instance', async () => {
    await naming.registerInstance(order, { ip: '10.0.0.1', port: 1 });
    expect(await naming.deregisterInstance(order, { ip: '10.0.0.1', port: 1 })).toBe(true);
    expect(await naming.deregisterInstance(order, { ip: '10.0.0.1', port: 1 })).toBe(false);
    expect(naming.query(order).hosts).toEqual([]);
  });

  it('rejects bad instances with invalid errors', async () => {
    const bad: InstanceInput[] = [
      { ip: '', port: 1 },
      { ip: 'not an ip', port: 1 },
      { ip: '10.0.0.1', port: 0 },
      { ip: '10.0.0.1', port: 70000 },
      { ip: '10.0.0.1', port: 1, weight: -1 },
      { ip: '10.0.0.1', port: 1, clusterName: 'a,b' },
      { ip: '10.0.0.1', port: 1, metadata: { 'preserved.heart.beat.timeout': 'soon' } },
      { ip: '10.0.0.1', port: 1, metadata: { 'preserved.heart.beat.interval': '20000' } },
    ];
    for (const input of bad) {
      const error = await naming.registerInstance(order, input).catch((e: unknown) => e);
      expect(error, JSON.stringify(input)).toBeInstanceOf(NacosError);
      expect((error as NacosError).kind).toBe('invalid');
    }
    expect(naming.stats().instanceCount).toBe(0);
  });

  it('refuses to turn an ephemeral instance into a persistent one silently', async () => {
    await naming.registerInstance(order, { ip: '10.0.0.1', port: 1 });
    await expect(naming.registerInstance(order, { ip: '10.0.0.1', port: 1, ephemeral: false })).rejects.toMatchObject({
      kind: 'invalid',
    });
  });
});

describe('NamingService connections', () => {
  let naming: NamingService;
  let events: number;

  beforeEach(async () => {
    naming = await NamingService.create(new MemoryInstanceStore(), new ManualClock());
    events = 0;
    naming.onServiceChanged(() => events++);
  });

  it('replaces the whole set a connection has in a service', async () => {
    await naming.replaceConnectionInstances('c1', order, [
      { ip: '10.0.0.1', port: 1 },
      { ip: '10.0.0.2', port: 1 },
    ]);
    await naming.registerInstance(order, { ip: '10.0.0.9', port: 1 });
    await naming.replaceConnectionInstances('c1', order, [{ ip: '10.0.0.2', port: 1 }]);
    expect(
      naming
        .query(order)
        .hosts.map((h) => h.ip)
        .sort(),
    ).toEqual(['10.0.0.2', '10.0.0.9']);
    await naming.replaceConnectionInstances('c1', order, []);
    expect(naming.query(order).hosts.map((h) => h.ip)).toEqual(['10.0.0.9']);
    expect(events).toBe(4);
  });

  it('is atomic: one bad instance changes nothing', async () => {
    await expect(
      naming.replaceConnectionInstances('c1', order, [
        { ip: '10.0.0.1', port: 1 },
        { ip: '10.0.0.2', port: -1 },
      ]),
    ).rejects.toMatchObject({ kind: 'invalid' });
    expect(naming.stats().instanceCount).toBe(0);
  });

  it('removes what a connection owns, and its subscriptions, when it goes away', async () => {
    const other = { ...order, serviceName: 'other' };
    await naming.registerConnectionInstance('c1', order, { ip: '10.0.0.1', port: 1 });
    await naming.registerConnectionInstance('c1', other, { ip: '10.0.0.1', port: 2 });
    await naming.registerConnectionInstance('c2', order, { ip: '10.0.0.2', port: 1 });
    naming.subscribeConnection(order, 'c1', { ip: '10.0.0.1', port: 5000, clusters: '' });
    naming.subscribeConnection(other, 'c2', { ip: '10.0.0.2', port: 5000 });
    events = 0;
    naming.removeConnection('c1');
    expect(naming.query(order).hosts.map((h) => h.ip)).toEqual(['10.0.0.2']);
    expect(naming.query(other).hosts).toEqual([]);
    expect(events).toBe(2);
    expect(naming.listSubscribers().map((s) => s.target)).toEqual([{ kind: 'connection', connectionId: 'c2' }]);
  });

  it('lists UDP and connection subscribers per service', () => {
    naming.subscribeUdp(order, { ip: '10.0.0.7', port: 5353, clusters: 'DEFAULT' });
    naming.subscribeUdp(order, { ip: '10.0.0.7', port: 5353, clusters: 'DEFAULT' });
    naming.subscribeConnection(order, 'c9', { ip: '10.0.0.8', port: 40000 });
    const subs = naming.subscribersOf(order);
    expect(subs.map((s) => s.target.kind).sort()).toEqual(['connection', 'udp']);
    expect(naming.listSubscribers({ serviceName: 'order' })).toHaveLength(2);
    expect(naming.stats().subscriberCount).toBe(2);
    expect(naming.unsubscribeConnection(order, 'c9')).toBe(true);
    expect(naming.subscribersOf(order)).toHaveLength(1);
  });
});
