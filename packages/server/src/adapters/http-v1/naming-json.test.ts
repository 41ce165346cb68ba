import { describe, expect, it } from 'vitest';
import type { ServiceInfo } from '../../core/naming/naming-model.js';
import { POLL_CACHE_MILLIS, serviceListBody, serviceListJson } from './naming-json.js';

const host = (i: number) => ({
  ip: `10.0.0.${i}`,
  port: 8080,
  weight: 1,
  healthy: true,
  enabled: true,
  ephemeral: true,
  clusterName: 'DEFAULT',
  metadata: { version: '1.0.0' },
});
const infoOf = (serviceName: string, lastRefTime: number): ServiceInfo =>
  ({
    key: { namespaceId: 'public', groupName: 'G', serviceName },
    groupedName: `G@@${serviceName}`,
    clusters: '',
    hosts: [host(1), host(2)],
    lastRefTime,
    checksum: 'c',
    reachProtectionThreshold: false,
    exists: true,
  }) as unknown as ServiceInfo;

describe('serviceListBody', () => {
  it("renders nacos's instance list, and keeps the bytes of an answer polled again in memory of their own", () => {
    const info = infoOf('json-test', 1);
    const first = serviceListBody(info, POLL_CACHE_MILLIS);
    const parsed = JSON.parse(first.toString());
    expect(parsed).toMatchObject({ name: 'G@@json-test', dom: 'G@@json-test', cacheMillis: 3000, checksum: 'c' });
    expect(parsed.hosts.map((h: { instanceId: string }) => h.instanceId)).toEqual([
      '10.0.0.1#8080#DEFAULT#G@@json-test',
      '10.0.0.2#8080#DEFAULT#G@@json-test',
    ]);
    const second = serviceListBody(info, POLL_CACHE_MILLIS);
    expect(second.equals(first)).toBe(true);
    // the same bytes from the third poll on, not a slice of a shared slab that would stay with them
    expect(serviceListBody(info, POLL_CACHE_MILLIS)).toBe(second);
    expect(second.buffer.byteLength).toBe(second.length);
    expect(serviceListJson(info, POLL_CACHE_MILLIS)).toBe(first.toString());
  });
});
