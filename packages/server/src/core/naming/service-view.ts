import { createHash } from 'node:crypto';
import type { HostInfo, InstanceRecord, ServiceInfo, ServiceKey } from './naming-model.js';

/** `"a, b,,c"` -> {a, b, c}; blank -> null (all clusters). */
function parseClusters(clusters: string | undefined): Set<string> | null {
  if (!clusters) return null;
  const names = clusters
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return names.length ? new Set(names) : null;
}

/**
 * The record itself, unless the protect threshold shows it healthy when it is not: a copy per host and
 * answer would hold every instance twice in the answers services keep.
 */
function hostOf(record: InstanceRecord, healthy: boolean): HostInfo {
  if (healthy === record.healthy) return record;
  return {
    customInstanceId: record.customInstanceId,
    ip: record.ip,
    port: record.port,
    weight: record.weight,
    healthy,
    enabled: record.enabled,
    ephemeral: record.ephemeral,
    clusterName: record.clusterName,
    metadata: record.metadata,
  };
}

/** nacos 1.x style checksum: md5 of the service name and its hosts' essentials, in a stable order. */
function checksumOf(groupedName: string, hosts: HostInfo[]): string {
  const parts = hosts.map((h) => `${h.ip}:${h.port}_${h.weight}_${h.healthy}_${h.clusterName}`).sort();
  return createHash('md5').update(groupedName).update(parts.join(',')).digest('hex');
}

export interface ServiceSnapshot {
  key: ServiceKey;
  groupedName: string;
  instances: Iterable<InstanceRecord>;
  protectThreshold: number;
  lastRefTime: number;
}

/**
 * What a client sees of a service: enabled instances of the requested clusters. Protect threshold (as
 * nacos): when healthy/total <= threshold over those instances, all of them are returned as healthy, so
 * traffic spreads instead of piling onto the few healthy ones. `healthyOnly` filters after that.
 */
export function buildServiceInfo(service: ServiceSnapshot, clusters: string, healthyOnly: boolean): ServiceInfo {
  const wanted = parseClusters(clusters);
  const selected: InstanceRecord[] = [];
  let healthy = 0;
  for (const record of service.instances) {
    if (!record.enabled) continue;
    if (wanted && !wanted.has(record.clusterName)) continue;
    selected.push(record);
    if (record.healthy) healthy++;
  }
  const protect = selected.length > 0 && healthy / selected.length <= service.protectThreshold;
  const hosts: HostInfo[] = [];
  for (const record of selected) {
    if (protect) hosts.push(hostOf(record, true));
    else if (record.healthy || !healthyOnly) hosts.push(hostOf(record, record.healthy));
  }
  return {
    key: service.key,
    groupedName: service.groupedName,
    clusters,
    hosts,
    lastRefTime: service.lastRefTime,
    checksum: checksumOf(service.groupedName, hosts),
    reachProtectionThreshold: protect,
    exists: true,
  };
}

export function emptyServiceInfo(key: ServiceKey, groupedName: string, clusters: string, now: number): ServiceInfo {
  return {
    key,
    groupedName,
    clusters,
    hosts: [],
    lastRefTime: now,
    checksum: '',
    reachProtectionThreshold: false,
    exists: false,
  };
}
