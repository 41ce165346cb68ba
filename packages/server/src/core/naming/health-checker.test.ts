import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { MemoryInstanceStore } from '../../../test/fakes/memory-instance-store.js';
import type { ServiceKey } from './naming-model.js';
import { NamingService } from './naming-service.js';

const svc: ServiceKey = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'svc' };
const ref = { ip: '10.0.0.1', port: 80 };

describe('heartbeat timeline', () => {
  let clock: ManualClock;
  let naming: NamingService;

  beforeEach(async () => {
    clock = new ManualClock();
    naming = await NamingService.create(new MemoryInstanceStore(), clock);
  });

  const instance = () => naming.getInstance(svc, ref);

  it('marks a silent HTTP instance unhealthy after 15 s and removes it after 30 s', async () => {
    await naming.registerInstance(svc, ref);
    clock.advance(15_000);
    naming.tick();
    expect(instance()?.healthy).toBe(true);
    clock.advance(1);
    expect(naming.tick().markedUnhealthy).toBe(1);
    expect(instance()?.healthy).toBe(false);
    clock.advance(14_999);
    naming.tick();
    expect(instance()).toBeDefined();
    clock.advance(1);
    expect(naming.tick().removed).toBe(1);
    expect(instance()).toBeUndefined();
  });

  it('a beat restores health and restarts the countdown', async () => {
    await naming.registerInstance(svc, ref);
    clock.advance(20_000);
    naming.tick();
    expect(instance()?.healthy).toBe(false);
    const changes: string[] = [];
    naming.onServiceChanged((k) => changes.push(k.serviceName));
    expect(naming.beat(svc, ref).found).toBe(true);
    expect(instance()?.healthy).toBe(true);
    expect(changes).toEqual(['svc']);
    clock.advance(29_000);
    naming.tick();
    expect(instance()).toBeDefined();
  });

  it('leaves an answer already given as it was when health changes', async () => {
    // a second instance keeps beating, so the protect threshold does not show the first healthy
    const other = { ip: '10.0.0.2', port: 80 };
    await naming.registerInstance(svc, ref);
    await naming.registerInstance(svc, other);
    const health = (info: { hosts: readonly { ip: string; healthy: boolean }[] }) =>
      info.hosts.map((h) => `${h.ip} ${h.healthy}`).sort();
    const before = naming.query(svc);
    clock.advance(10_000);
    naming.beat(svc, other);
    clock.advance(5_001);
    naming.tick();
    const unhealthy = naming.query(svc);
    expect(health(unhealthy)).toEqual(['10.0.0.1 false', '10.0.0.2 true']);
    naming.beat(svc, ref);
    expect(health(naming.query(svc))).toEqual(['10.0.0.1 true', '10.0.0.2 true']);
    expect(health(before)).toEqual(['10.0.0.1 true', '10.0.0.2 true']);
    expect(health(unhealthy)).toEqual(['10.0.0.1 false', '10.0.0.2 true']);
  });

  it('honours preserved.* timeouts and reports the beat interval', async () => {
    await naming.registerInstance(svc, {
      ...ref,
      metadata: {
        'preserved.heart.beat.interval': '1000',
        'preserved.heart.beat.timeout': '3000',
        'preserved.ip.delete.timeout': '6000',
      },
    });
    expect(naming.beat(svc, ref).clientBeatInterval).toBe(1000);
    clock.advance(3_001);
    naming.tick();
    expect(instance()?.healthy).toBe(false);
    clock.advance(3_000);
    naming.tick();
    expect(instance()).toBeUndefined();
  });

  it('never expires persistent or connection-owned instances', async () => {
    await naming.registerInstance(svc, { ...ref, ephemeral: false, healthy: false });
    const other = { ...svc, serviceName: 'by-connection' };
    await naming.registerConnectionInstance('c1', other, { ip: '10.0.0.2', port: 80 });
    clock.advance(3_600_000);
    naming.tick();
    expect(instance()).toMatchObject({ healthy: false, ephemeral: false });
    expect(naming.getInstance(other, { ip: '10.0.0.2', port: 80 })?.healthy).toBe(true);
  });

  it('answers 20404-style for an unknown instance, and registers it from a beat body', () => {
    expect(naming.beat(svc, ref)).toEqual({ found: false, clientBeatInterval: 5000 });
    const result = naming.beat(svc, ref, { ...ref, weight: 2, metadata: { from: 'beat' } });
    expect(result.found).toBe(true);
    expect(instance()).toMatchObject({ weight: 2, ephemeral: true, metadata: { from: 'beat' } });
  });

  it('forgets implicit services a minute after they emptied, keeps explicit ones', async () => {
    await naming.registerInstance(svc, ref);
    const kept = { ...svc, serviceName: 'kept' };
    await naming.createService(kept, {});
    await naming.deregisterInstance(svc, ref);
    clock.advance(59_000);
    naming.tick();
    expect(naming.getService(svc)).toBeDefined();
    clock.advance(1_000);
    naming.tick();
    expect(naming.getService(svc)).toBeUndefined();
    expect(naming.getService(kept)).toBeDefined();
  });

  it('drops UDP subscribers that stopped polling', () => {
    naming.subscribeUdp(svc, { ip: '10.0.0.9', port: 5000 });
    clock.advance(20_000);
    naming.subscribeUdp(svc, { ip: '10.0.0.9', port: 5000 });
    clock.advance(20_000);
    naming.tick();
    expect(naming.subscribersOf(svc)).toHaveLength(1);
    clock.advance(11_000);
    naming.tick();
    expect(naming.subscribersOf(svc)).toHaveLength(0);
  });
});
