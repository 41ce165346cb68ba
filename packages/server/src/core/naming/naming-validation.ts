import { isIP } from 'node:net';
import { invalid } from '../../shared/errors.js';
import {
  DEFAULT_BEAT_INTERVAL_MS,
  DEFAULT_CLUSTER,
  DEFAULT_GROUP,
  DEFAULT_NAMING_NAMESPACE,
  GROUP_SEPARATOR,
  PRESERVED_BEAT_INTERVAL,
  PRESERVED_BEAT_TIMEOUT,
  PRESERVED_DELETE_TIMEOUT,
  type InstanceRecord,
  type InstanceRef,
  type Selector,
  type ServiceKey,
} from './naming-model.js';
import type { ServiceEntry } from './service-entry.js';

const MAX_SERVICE_NAME_LENGTH = 512;
const MAX_GROUP_LENGTH = 128;
const MAX_NAMESPACE_LENGTH = 128;
const MAX_WEIGHT = 10_000;

const NAMESPACE_ID = /^[\w\-.:]+$/;
const CLUSTER_NAME = /^[\p{L}\p{N}_\-.:]{1,64}$/u;
/** Names may use any printable character except whitespace; `@@` separates group and service. */
const NAME_FORBIDDEN = /[\p{Cc}\s]/u;
const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9\-_.]{0,252})$/;

/** Blank names the default namespace "public". */
export function canonicalNamespace(namespaceId: string | undefined | null): string {
  const ns = (namespaceId ?? '').trim();
  if (!ns) return DEFAULT_NAMING_NAMESPACE;
  if (ns.length > MAX_NAMESPACE_LENGTH || !NAMESPACE_ID.test(ns)) {
    throw invalid(`invalid namespaceId: ${ns} (letters, digits and _ - . :, at most ${MAX_NAMESPACE_LENGTH})`);
  }
  return ns;
}

function checkName(what: string, value: string, max: number): void {
  if (value.length > max) throw invalid(`invalid ${what}: longer than ${max} characters`);
  if (NAME_FORBIDDEN.test(value) || value.includes(GROUP_SEPARATOR)) {
    throw invalid(`invalid ${what}: ${value} (no whitespace, control characters or "@@")`);
  }
}

/**
 * A service key from client strings. `serviceName` may be grouped (`group@@name`); otherwise the group
 * comes from `groupName` (default DEFAULT_GROUP).
 */
export function parseServiceKey(input: { namespaceId?: string; serviceName?: string; groupName?: string }): ServiceKey {
  const raw = input.serviceName?.trim() ?? '';
  if (!raw) throw invalid('serviceName is required');
  let groupName = input.groupName?.trim() || DEFAULT_GROUP;
  let serviceName = raw;
  const at = raw.indexOf(GROUP_SEPARATOR);
  if (at >= 0) {
    groupName = raw.slice(0, at).trim();
    serviceName = raw.slice(at + GROUP_SEPARATOR.length).trim();
    if (!groupName) throw invalid(`invalid serviceName: ${raw} (the group before "@@" is empty)`);
    if (!serviceName) throw invalid(`invalid serviceName: ${raw} (the name after "@@" is empty)`);
  }
  checkName('serviceName', serviceName, MAX_SERVICE_NAME_LENGTH);
  checkName('groupName', groupName, MAX_GROUP_LENGTH);
  return { namespaceId: canonicalNamespace(input.namespaceId), groupName, serviceName };
}

export function checkClusterName(name: string | undefined): string {
  const cluster = name?.trim() || DEFAULT_CLUSTER;
  if (!CLUSTER_NAME.test(cluster)) {
    throw invalid(`invalid clusterName: ${cluster} (letters, digits and _ - . :, at most 64)`);
  }
  // nearly every instance is in the default cluster: one string for all of them, not a copy per request
  return cluster === DEFAULT_CLUSTER ? DEFAULT_CLUSTER : cluster;
}

function checkIp(ip: string | undefined): string {
  const value = ip?.trim() ?? '';
  if (!value) throw invalid('ip is required');
  if (isIP(value) === 0 && !HOST_NAME.test(value)) throw invalid(`invalid ip: ${value}`);
  return value;
}

function checkPort(port: number | undefined): number {
  if (port === undefined || Number.isNaN(port)) throw invalid('port is required');
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw invalid(`invalid port: ${port} (a whole number from 1 to 65535)`);
  }
  return port;
}

export function checkWeight(weight: number): number {
  if (!Number.isFinite(weight) || weight < 0 || weight > MAX_WEIGHT) {
    throw invalid(`invalid weight: ${weight} (a number from 0 to ${MAX_WEIGHT})`);
  }
  return weight;
}

export function checkProtectThreshold(value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw invalid(`invalid protectThreshold: ${value} (a number from 0 to 1)`);
  }
  return value;
}

export function checkSelector(selector: Selector): Selector {
  if (selector.type === 'none') return { type: 'none' };
  if (selector.type === 'label' && typeof selector.expression === 'string') {
    return { type: 'label', expression: selector.expression };
  }
  throw invalid('invalid selector: expected {"type":"none"} or {"type":"label","expression":"..."}');
}

/** The identity of an instance, validated and with the default cluster. */
export function checkInstanceRef(ref: InstanceRef): Required<InstanceRef> {
  return { ip: checkIp(ref.ip), port: checkPort(ref.port), clusterName: checkClusterName(ref.clusterName) };
}

export interface InstanceTimings {
  beatInterval: number;
  beatTimeout: number;
  deleteTimeout: number;
}

function preservedMillis(metadata: Record<string, string>, key: string): number | undefined {
  const raw = metadata[key];
  if (raw === undefined) return undefined;
  if (!/^\d{1,12}$/.test(raw.trim())) throw invalid(`invalid metadata ${key}: ${raw} (milliseconds, digits only)`);
  return Number(raw.trim());
}

/**
 * Heartbeat timings of an instance: the `preserved.*` metadata keys, else the server defaults. When the
 * metadata sets any of them, the timeouts must not be shorter than the interval (as nacos checks).
 */
export function instanceTimings(
  metadata: Record<string, string>,
  defaults: { beatTimeoutMs: number; deleteTimeoutMs: number },
): InstanceTimings {
  const interval = preservedMillis(metadata, PRESERVED_BEAT_INTERVAL);
  const timeout = preservedMillis(metadata, PRESERVED_BEAT_TIMEOUT);
  const deleteAfter = preservedMillis(metadata, PRESERVED_DELETE_TIMEOUT);
  const timings = {
    beatInterval: interval ?? DEFAULT_BEAT_INTERVAL_MS,
    beatTimeout: timeout ?? defaults.beatTimeoutMs,
    deleteTimeout: deleteAfter ?? defaults.deleteTimeoutMs,
  };
  if (interval !== undefined || timeout !== undefined || deleteAfter !== undefined) {
    if (timings.beatInterval < 1) throw invalid(`invalid metadata ${PRESERVED_BEAT_INTERVAL}: must be at least 1`);
    if (timings.beatTimeout < timings.beatInterval || timings.deleteTimeout < timings.beatInterval) {
      throw invalid(
        `instance heartbeat timeout (${timings.beatTimeout}) and delete timeout (${timings.deleteTimeout}) must not be shorter than the heartbeat interval (${timings.beatInterval})`,
      );
    }
  }
  return timings;
}

export function checkMetadata(metadata: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(metadata)) {
    if (!k) throw invalid('invalid metadata: empty key');
    if (typeof v !== 'string') throw invalid(`invalid metadata: value of ${k} must be a string`);
    out[k] = v;
  }
  return out;
}

/**
 * As in nacos 2.x, a service holds ephemeral or persistent instances, not both: the kind of its instances
 * decides (an empty service takes either).
 */
export function checkServiceKind(entry: ServiceEntry | undefined, next: InstanceRecord, batch = false): void {
  const first = entry?.instances.values().next().value;
  if (!entry || !first || first.ephemeral === next.ephemeral) return;
  throw invalid(
    next.ephemeral
      ? `Current service ${entry.groupedName} is persistent service, can't ${batch ? 'batch ' : ''}register ephemeral instance.`
      : `Current service ${entry.groupedName} is ephemeral service, can't register persistent instance.`,
  );
}

export function checkSameKind(previous: InstanceRecord | undefined, next: InstanceRecord): void {
  if (previous && previous.ephemeral !== next.ephemeral) {
    throw invalid(
      `instance ${next.ip}:${next.port} is already registered as ${previous.ephemeral ? 'ephemeral' : 'persistent'}; deregister it first`,
    );
  }
}
