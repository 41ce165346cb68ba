import type { HostInfo, Instance, ServiceInfo, ServiceKey } from '../../core/naming/naming-model.js';
import { groupedName, instanceIdOf } from '../../core/naming/naming-model.js';
import { ServiceRenderCache } from '../http-common/service-render-cache.js';

/** Poll interval told to 1.x clients: short without UDP push, longer when pushes keep them current. */
export const POLL_CACHE_MILLIS = 3_000;
export const PUSH_CACHE_MILLIS = 10_000;

/** One host of an instance list (v1 and v2 alike); `serviceName` is the grouped name. */
export function hostJson(h: HostInfo, serviceName: string) {
  return {
    instanceId: instanceIdOf(h, serviceName),
    ip: h.ip,
    port: h.port,
    weight: h.weight,
    healthy: h.healthy,
    // `valid` is the deprecated alias of `healthy`; `marked` is always false outside raft clusters.
    valid: h.healthy,
    marked: false,
    enabled: h.enabled,
    ephemeral: h.ephemeral,
    clusterName: h.clusterName,
    serviceName,
    metadata: h.metadata,
  };
}

/**
 * Instance-list bodies kept for the next poll, within this many bytes (about 3,500 services of 10 instances):
 * a registry of many services keeps the most polled ones rendered instead of a body per service. A body is
 * kept from its second poll within the budget's turn (`ServiceRenderCache`), so a service polled once
 * leaves only a short-lived body behind.
 */
export const INSTANCE_LIST_CACHE_BYTES = 16 * 1024 * 1024;
const rendered = new ServiceRenderCache<Buffer>(INSTANCE_LIST_CACHE_BYTES, (body) => body.length);

/**
 * The body of `GET /nacos/v1/ns/instance/list`: `name`/`dom` grouped, the requested `clusters` echoed,
 * `checksum` a string. Rendered and encoded once per ServiceInfo (which is fixed for a service revision)
 * while it stays in the cache, so a poll usually costs no JSON or encoding work.
 */
export function serviceListBody(info: ServiceInfo, cacheMillis: number): Buffer {
  let body = rendered.get(info, cacheMillis);
  if (body === undefined) {
    const text = JSON.stringify({
      name: info.groupedName,
      dom: info.groupedName,
      clusters: info.clusters,
      cacheMillis,
      lastRefTime: info.lastRefTime,
      checksum: info.checksum,
      useSpecifiedURL: false,
      env: '',
      reachProtectionThreshold: info.reachProtectionThreshold,
      hosts: info.hosts.map((h) => hostJson(h, info.groupedName)),
    });
    body = rendered.keeps(info, cacheMillis) ? ownBytes(text) : Buffer.from(text);
    rendered.set(info, cacheMillis, body);
  }
  return body;
}

/**
 * A kept body in memory of its own size: a slice of Node's shared buffer pool would hold the whole 8 KiB
 * slab (and every short-lived body cut from it) for as long as the body is kept.
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** The same as text: the `data` of a UDP push. */
export function serviceListJson(info: ServiceInfo, cacheMillis: number): string {
  return serviceListBody(info, cacheMillis).toString();
}

/** `GET /nacos/v1/ns/instance`: one instance in nacos' detail shape. */
export function instanceDetailJson(key: ServiceKey, i: Instance) {
  return {
    service: groupedName(key),
    serviceName: groupedName(key),
    ip: i.ip,
    port: i.port,
    clusterName: i.clusterName,
    weight: i.weight,
    healthy: i.healthy,
    enabled: i.enabled,
    ephemeral: i.ephemeral,
    instanceId: instanceIdOf(i, groupedName(key)),
    metadata: i.metadata,
  };
}
