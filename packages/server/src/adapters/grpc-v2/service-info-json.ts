import type { ServiceInfo } from '../../core/naming/naming-model.js';
import { nacosInstanceJson } from '../http-common/nacos-instance-json.js';
import { RenderedFields } from './grpc-handler.js';

/** How long 2.x clients may trust a ServiceInfo before asking again (pushes keep them current). */
const CACHE_MILLIS = 10_000;

const hostJson = nacosInstanceJson;

const rendered = new WeakMap<ServiceInfo, string>();

/**
 * ServiceInfo as 2.x clients read it: `name` is the raw service name beside `groupName` (clients build
 * their cache key `group@@name@@clusters` from them), `clusters` echoes the subscription, nothing is null.
 * Rendered once per ServiceInfo (fixed for a service revision), so a push to many subscribers costs one
 * rendering.
 */
export function serviceInfoJson(info: ServiceInfo): string {
  let json = rendered.get(info);
  if (json === undefined) {
    json = JSON.stringify({
      name: info.key.serviceName,
      groupName: info.key.groupName,
      clusters: info.clusters,
      cacheMillis: CACHE_MILLIS,
      hosts: info.hosts.map((h) => hostJson(h, info.groupedName)),
      lastRefTime: info.lastRefTime,
      checksum: info.checksum,
      allIPs: false,
      reachProtectionThreshold: info.reachProtectionThreshold,
      valid: true,
    });
    rendered.set(info, json);
  }
  return json;
}

const fields = new WeakMap<ServiceInfo, RenderedFields>();

/** `"serviceInfo": {...}` as the rendered fields of a response, kept per ServiceInfo as its JSON is. */
export function serviceInfoFields(info: ServiceInfo): RenderedFields {
  let rendered = fields.get(info);
  if (!rendered) {
    rendered = new RenderedFields(`"serviceInfo":${serviceInfoJson(info)}`);
    fields.set(info, rendered);
  }
  return rendered;
}
