import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../shared/logger.js';
import { LeaseWatch } from './lease-watch.js';

const logger = createLogger('silent');
const LEASE = 3_000;

function watchWith(othersReach: boolean, selfReaches = false) {
  const released: number[] = [];
  const renewals: number[] = [];
  const watch = new LeaseWatch(LEASE, logger, {
    othersReachStore: async () => othersReach,
    selfReachesStore: async () => selfReaches,
    renewNow: () => renewals.push(Date.now()),
    release: () => released.push(Date.now()),
  });
  watch.start();
  return { watch, released, renewals };
}

describe('the lease watch of a node', () => {
  afterEach(() => vi.useRealTimers());

  it('lets its clients go once its lease ran out while another node reaches the store, and takes them again after renewing', async () => {
    vi.useFakeTimers();
    const { watch, released } = watchWith(true);
    watch.renewed(Date.now());
    await vi.advanceTimersByTimeAsync(LEASE - 500);
    expect(watch.accepting).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(released).toHaveLength(1);
    expect(watch.accepting).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(released).toHaveLength(1); // once
    watch.renewed(Date.now());
    expect(watch.accepting).toBe(true);
    watch.stop();
  });

  it('keeps its clients when no other node reaches the store either (the database is down for all)', async () => {
    vi.useFakeTimers();
    const { watch, released } = watchWith(false);
    await vi.advanceTimersByTimeAsync(LEASE * 4);
    expect(released).toEqual([]);
    expect(watch.accepting).toBe(true);
    watch.stop();
  });

  it('renews at once instead of letting its clients go when it reaches the store itself (back from an outage for all)', async () => {
    vi.useFakeTimers();
    const { watch, released, renewals } = watchWith(true, true);
    watch.renewed(Date.now());
    await vi.advanceTimersByTimeAsync(LEASE + 500);
    expect(renewals).toHaveLength(1);
    expect(released).toEqual([]);
    expect(watch.accepting).toBe(true);
    watch.renewed(Date.now());
    await vi.advanceTimersByTimeAsync(LEASE - 500);
    expect(renewals).toHaveLength(1);
    watch.stop();
  });

  it('lets its clients go when its own statement hangs (a cut link that drops packets)', async () => {
    vi.useFakeTimers();
    const released: number[] = [];
    const watch = new LeaseWatch(LEASE, logger, {
      othersReachStore: async () => true,
      selfReachesStore: () => new Promise<boolean>(() => undefined),
      renewNow: () => undefined,
      release: () => released.push(Date.now()),
    });
    watch.start();
    watch.renewed(Date.now());
    await vi.advanceTimersByTimeAsync(LEASE + 1_000);
    expect(released).toHaveLength(1);
    watch.stop();
  });

  it('tells how long the process did not run since the renewal before', async () => {
    vi.useFakeTimers();
    const { watch } = watchWith(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(watch.renewed(Date.now())).toBeLessThan(100);
    // the process stops (SIGSTOP): the clock moves, no timer runs
    vi.setSystemTime(Date.now() + 7_000);
    await vi.advanceTimersByTimeAsync(250);
    expect(watch.renewed(Date.now())).toBeGreaterThan(6_000);
    watch.stop();
  });
});
