import { describe, expect, it } from 'vitest';
import type { ServiceInfo, ServiceKey } from '../../core/naming/naming-model.js';
import { ServiceRenderCache } from './service-render-cache.js';

const keyOf = (serviceName: string): ServiceKey => ({ namespaceId: 'public', groupName: 'G', serviceName });
const infoOf = (key: ServiceKey, lastRefTime: number, exists = true): ServiceInfo => ({
  key,
  groupedName: `G@@${key.serviceName}`,
  clusters: '',
  hosts: [],
  lastRefTime,
  checksum: '',
  reachProtectionThreshold: false,
  exists,
});

/** A poll as the doors make it: the kept rendering, or `value` rendered and offered to the cache. */
function poll(cache: ServiceRenderCache<string>, info: ServiceInfo, variant: number, value: string): string {
  const kept = cache.get(info, variant);
  if (kept !== undefined) return kept;
  cache.set(info, variant, value);
  return value;
}

describe('ServiceRenderCache', () => {
  it('keeps a rendering from the second time its answer is asked for', () => {
    const cache = new ServiceRenderCache<string>(1000, (v) => v.length);
    const a = infoOf(keyOf('a'), 1);
    poll(cache, a, 3000, 'poll');
    expect(cache.get(a, 3000)).toBeUndefined();
    expect(cache.size).toBe(0);
    poll(cache, a, 3000, 'poll');
    expect(cache.get(a, 3000)).toBe('poll');
    expect(cache.size).toBe(4);
  });

  it('says beforehand whether it would keep a rendering (a known answer asked for before)', () => {
    const cache = new ServiceRenderCache<string>(1000, (v) => v.length);
    const a = infoOf(keyOf('a'), 1);
    const missing = infoOf(keyOf('nobody'), 1, false);
    expect(cache.keeps(a, 3000)).toBe(false);
    poll(cache, a, 3000, 'poll');
    expect([cache.keeps(a, 3000), cache.keeps(a, 10_000), cache.keeps(infoOf(a.key, 2), 3000)]).toEqual([
      true,
      false,
      false,
    ]);
    poll(cache, missing, 0, 'empty');
    expect(cache.keeps(missing, 0)).toBe(false);
  });

  it('answers a rendering for the very revision and variant it was made for', () => {
    const cache = new ServiceRenderCache<string>(1000, (v) => v.length);
    const a = infoOf(keyOf('a'), 1);
    poll(cache, a, 3000, 'poll');
    poll(cache, a, 3000, 'poll');
    expect(cache.get(a, 3000)).toBe('poll');
    expect(cache.get(a, 10_000)).toBeUndefined();
    expect(cache.get(infoOf(a.key, 1), 3000)).toBeUndefined();
  });

  it("drops a service's older revisions when a newer one is rendered, and keeps other answers of the same one", () => {
    const cache = new ServiceRenderCache<string>(1000, (v) => v.length);
    const key = keyOf('a');
    const old = infoOf(key, 1);
    const now = infoOf(key, 2);
    const nowCluster = { ...infoOf(key, 2), clusters: 'C1' };
    for (let i = 0; i < 2; i++) poll(cache, old, 3000, 'x'.repeat(100));
    for (let i = 0; i < 2; i++) poll(cache, now, 3000, 'y'.repeat(10));
    for (let i = 0; i < 2; i++) poll(cache, nowCluster, 3000, 'z'.repeat(20));
    expect(cache.get(old, 3000)).toBeUndefined();
    expect([cache.get(now, 3000), cache.get(nowCluster, 3000)]).toEqual(['y'.repeat(10), 'z'.repeat(20)]);
    expect(cache.size).toBe(30);
  });

  it('stays within its budget: the service polled least recently loses its rendering first', () => {
    const cache = new ServiceRenderCache<string>(250, (v) => v.length);
    const [a, b, c] = ['a', 'b', 'c'].map((s) => infoOf(keyOf(s), 1));
    for (const info of [a, a, b, b]) poll(cache, info, 0, info.key.serviceName.repeat(100));
    expect(cache.get(a, 0)).toBeDefined(); // a is now the most recent
    poll(cache, c, 0, 'c'.repeat(100)); // its placeholder pushes b out
    poll(cache, c, 0, 'c'.repeat(100));
    expect([cache.get(a, 0) !== undefined, cache.get(b, 0) !== undefined, cache.get(c, 0) !== undefined]).toEqual([
      true,
      false,
      true,
    ]);
    expect(cache.size).toBe(200);
    const huge = infoOf(keyOf('huge'), 1);
    for (let i = 0; i < 2; i++) poll(cache, huge, 0, 'h'.repeat(251));
    expect(cache.size).toBe(200);
  });

  it('keeps nothing of services polled in turn, more of them than the budget holds', () => {
    const cache = new ServiceRenderCache<string>(250, (v) => v.length);
    const services = ['a', 'b', 'c'].map((s) => infoOf(keyOf(s), 1));
    for (let turn = 0; turn < 3; turn++) {
      for (const info of services) poll(cache, info, 0, info.key.serviceName.repeat(100));
    }
    expect(cache.size).toBe(0);
  });

  it("does not keep an unknown service's answer", () => {
    const cache = new ServiceRenderCache<string>(1000, (v) => v.length);
    const missing = infoOf(keyOf('nobody'), 1, false);
    poll(cache, missing, 0, 'empty');
    poll(cache, missing, 0, 'empty');
    expect(cache.get(missing, 0)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
