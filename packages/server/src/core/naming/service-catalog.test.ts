import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { MemoryInstanceStore } from '../../../test/fakes/memory-instance-store.js';
import type { ServiceKey } from './naming-model.js';
import { NamingService } from './naming-service.js';

const svc: ServiceKey = { namespaceId: 'public', groupName: 'G', serviceName: 'svc' };

describe('ServiceCatalog', () => {
  let clock: ManualClock;
  let store: MemoryInstanceStore;
  let naming: NamingService;

  beforeEach(async () => {
    clock = new ManualClock();
    store = new MemoryInstanceStore();
    naming = await NamingService.create(store, clock);
  });

  it('creates, updates and removes explicit services through the store', async () => {
    await naming.createService(svc, { protectThreshold: 0.5, metadata: { team: 'a' } });
    expect(store.services.size).toBe(1);
    await expect(naming.createService(svc, {})).rejects.toMatchObject({ kind: 'invalid' });
    await naming.updateService(svc, { metadata: { team: 'b' } });
    expect(naming.getService(svc)).toMatchObject({ protectThreshold: 0.5, metadata: { team: 'b' }, explicit: true });
    await naming.removeService(svc);
    expect(naming.getService(svc)).toBeUndefined();
    expect(store.services.size).toBe(0);
    await expect(naming.removeService(svc)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(naming.updateService(svc, {})).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refuses to remove a service with instances, and validates settings', async () => {
    await naming.registerInstance(svc, { ip: '10.0.0.1', port: 1 });
    await expect(naming.removeService(svc)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(naming.updateService(svc, { protectThreshold: 2 })).rejects.toMatchObject({ kind: 'invalid' });
    await expect(naming.createService({ ...svc, serviceName: 'x' }, { protectThreshold: -0.1 })).rejects.toMatchObject({
      kind: 'invalid',
    });
  });

  it('restores explicit services and persistent instances from the store', async () => {
    await naming.createService(svc, { protectThreshold: 0.3 });
    await naming.registerInstance(svc, {
      ip: '10.0.0.1',
      port: 1,
      ephemeral: false,
      healthy: false,
      metadata: { k: 'v' },
    });
    await naming.registerInstance({ ...svc, serviceName: 'gone-on-restart' }, { ip: '10.0.0.2', port: 1 });
    const restarted = await NamingService.create(store, clock);
    expect(restarted.getService(svc)?.protectThreshold).toBe(0.3);
    expect(restarted.listInstances(svc)).toEqual([
      expect.objectContaining({ ip: '10.0.0.1', healthy: false, ephemeral: false, metadata: { k: 'v' } }),
    ]);
    await restarted.deregisterInstance(svc, { ip: '10.0.0.1', port: 1 });
    expect(store.instances.size).toBe(0);
  });

  it('lists services with counts, by group and name', async () => {
    await naming.registerInstance({ ...svc, serviceName: 'b' }, { ip: '10.0.0.1', port: 1 });
    await naming.registerInstance({ ...svc, serviceName: 'a' }, { ip: '10.0.0.1', port: 1, healthy: false });
    await naming.registerInstance({ ...svc, serviceName: 'a' }, { ip: '10.0.0.2', port: 1 });
    const list = naming.listServices({ namespaceId: 'public' });
    expect(list.map((s) => [s.key.serviceName, s.instanceCount, s.healthyCount])).toEqual([
      ['a', 2, 1],
      ['b', 1, 1],
    ]);
    expect(naming.serviceNames('public', 'G')).toEqual(['a', 'b']);
  });
});
