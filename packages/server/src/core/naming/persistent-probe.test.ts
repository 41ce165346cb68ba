import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryInstanceStore } from '../../../test/fakes/memory-instance-store.js';
import { ManualClock } from '../../shared/clock.js';
import type { ProbeResult } from '../outbound/outbound-probe.js';
import type { ServiceKey } from './naming-model.js';
import { NamingService } from './naming-service.js';
import { PersistentProber, type ProbeDoor } from './persistent-probe.js';

const svc: ServiceKey = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'svc' };
const ref = { ip: '10.0.0.1', port: 8080 };

/** Answers each TCP probe with the next scripted result; counts the probes. */
class ScriptedDoor implements ProbeDoor {
  calls = 0;
  constructor(private readonly script: ProbeResult[]) {}
  async tcp(): Promise<ProbeResult> {
    return this.script[this.calls++] ?? 'up';
  }
  async httpGet(): Promise<ProbeResult> {
    throw new Error('no HTTP check configured');
  }
}

describe('persistent instance prober', () => {
  let naming: NamingService;
  let store: MemoryInstanceStore;
  const healthy = () => naming.getInstance(svc, ref)?.healthy;
  const prober = (door: ProbeDoor) => new PersistentProber(naming, door, { intervalMs: 1000 });

  beforeEach(async () => {
    store = new MemoryInstanceStore();
    naming = await NamingService.create(store, new ManualClock());
    await naming.registerInstance(svc, { ...ref, ephemeral: false });
  });

  it('does not mark an instance down on one lost connect: it probes again first', async () => {
    const door = new ScriptedDoor(['down', 'up']);
    expect(await prober(door).round()).toMatchObject({ probed: 1, down: 0, markedUnhealthy: 0 });
    expect(door.calls).toBe(2);
    expect(healthy()).toBe(true);
  });

  it('writes a change of health to the store and tells listeners, once per change', async () => {
    const changes: string[] = [];
    naming.onServiceChanged((key) => changes.push(key.serviceName));
    const door = new ScriptedDoor(['down', 'down', 'down', 'up']);
    const p = prober(door);
    expect(await p.round()).toMatchObject({ markedUnhealthy: 1 });
    expect((await store.loadInstance(svc, { ...ref, clusterName: 'DEFAULT' }))?.healthy).toBe(false);
    // already down: probed once, nothing written
    expect(await p.round()).toMatchObject({ down: 1, markedUnhealthy: 0 });
    expect(door.calls).toBe(3);
    expect(await p.round()).toMatchObject({ markedHealthy: 1 });
    expect(healthy()).toBe(true);
    expect(changes).toEqual(['svc', 'svc']);
  });

  it('leaves ephemeral instances to their heartbeats', async () => {
    await naming.registerInstance({ ...svc, serviceName: 'beating' }, { ip: '10.0.0.2', port: 8080 });
    const door = new ScriptedDoor([]);
    expect(await prober(door).round()).toMatchObject({ probed: 1 });
  });

  it('stops within the probes in flight, writing nothing more', async () => {
    for (let i = 2; i <= 20; i++)
      await naming.registerInstance(svc, { ip: `10.0.0.${i}`, port: 8080, ephemeral: false });
    let probes = 0;
    const slowDown: ProbeDoor = {
      tcp: () =>
        new Promise((resolve) =>
          setTimeout(() => {
            probes++;
            resolve('down');
          }, 20),
        ),
      httpGet: () => Promise.resolve('up'),
    };
    const p = new PersistentProber(naming, slowDown, { intervalMs: 1000, concurrency: 2 });
    const round = p.round();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await p.stop();
    const report = await round;
    expect(probes).toBeLessThan(10);
    expect(report.markedUnhealthy).toBe(0);
    expect(naming.listInstances(svc).every((i) => i.healthy)).toBe(true);
  });
});
