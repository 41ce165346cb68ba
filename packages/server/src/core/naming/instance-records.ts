import { invalid, notFound } from '../../shared/errors.js';
import type { StoredInstance } from './instance-store.js';
import {
  groupedName,
  instanceIdOf,
  PERSISTENT_OWNER,
  type InstanceInput,
  type InstanceOwner,
  type InstancePatch,
  type InstanceRecord,
  type ServiceKey,
} from './naming-model.js';
import {
  checkInstanceRef,
  checkMetadata,
  checkSameKind,
  checkServiceKind,
  checkWeight,
  instanceTimings,
} from './naming-validation.js';
import type { ServiceEntry } from './service-entry.js';
import { sharedMetadata } from './shared-metadata.js';

export interface TimeoutDefaults {
  beatTimeoutMs: number;
  deleteTimeoutMs: number;
}

/** `ip#port#cluster#group@@service`, the id nacos generates when the client gives none. */
export function generatedInstanceId(key: ServiceKey, ip: string, port: number, clusterName: string): string {
  return instanceIdOf({ customInstanceId: '', ip, port, clusterName }, groupedName(key));
}

/**
 * Every record is created here, as one literal with a fixed field order: all records then share one
 * hidden class with in-object fields, which keeps 100,000 instances small.
 */
function makeRecord(r: InstanceRecord): InstanceRecord {
  return {
    ip: r.ip,
    port: r.port,
    clusterName: r.clusterName,
    customInstanceId: r.customInstanceId,
    weight: r.weight,
    healthy: r.healthy,
    enabled: r.enabled,
    ephemeral: r.ephemeral,
    metadata: r.metadata,
    appName: r.appName,
    owner: r.owner,
    registeredAt: r.registeredAt,
    modifiedAt: r.modifiedAt,
    lastBeat: r.lastBeat,
    beatInterval: r.beatInterval,
    beatTimeout: r.beatTimeout,
    deleteTimeout: r.deleteTimeout,
  };
}

/** Validated metadata: `previous` when equal, else the map shared by every instance with this content. */
function metadataOf(input: Record<string, string> | undefined, previous?: Readonly<Record<string, string>>) {
  const metadata = checkMetadata(input ?? {});
  if (previous && sameMetadata(previous, metadata)) return previous;
  return sharedMetadata(metadata);
}

/** A validated record from client input; `previous` (same identity) keeps its registration time. */
export function buildRecord(
  key: ServiceKey,
  input: InstanceInput,
  owner: InstanceOwner,
  now: number,
  defaults: TimeoutDefaults,
  previous?: InstanceRecord,
): InstanceRecord {
  const { ip, port, clusterName } = checkInstanceRef(input);
  const metadata = metadataOf(input.metadata, previous?.metadata);
  const timings = instanceTimings(metadata, defaults);
  const customId = input.instanceId?.trim();
  return makeRecord({
    ip,
    port,
    clusterName,
    customInstanceId: customId || (previous && previous.customInstanceId) || '',
    weight: checkWeight(input.weight ?? 1),
    healthy: input.healthy ?? true,
    enabled: input.enabled ?? true,
    ephemeral: owner.kind !== 'persistent',
    metadata,
    appName: input.appName ?? previous?.appName ?? '',
    owner,
    registeredAt: previous?.registeredAt ?? now,
    modifiedAt: now,
    lastBeat: now,
    ...timings,
  });
}

/**
 * A copy of `record` with another health. Records are replaced, never changed, where clients can see it:
 * a service's answers list the records themselves (see `buildServiceInfo`).
 */
export function withHealth(record: InstanceRecord, healthy: boolean, now: number): InstanceRecord {
  const copy = makeRecord(record);
  copy.healthy = healthy;
  copy.modifiedAt = now;
  return copy;
}

/** A copy of `record` with the patch applied (validated); identity and owner unchanged. */
export function patchedRecord(
  record: InstanceRecord,
  patch: InstancePatch,
  now: number,
  defaults: TimeoutDefaults,
): InstanceRecord {
  const metadata = patch.metadata === undefined ? record.metadata : metadataOf(patch.metadata, record.metadata);
  const timings = patch.metadata === undefined ? record : instanceTimings(metadata, defaults);
  return makeRecord(
    Object.assign({}, record, {
      weight: patch.weight === undefined ? record.weight : checkWeight(patch.weight),
      healthy: patch.healthy ?? record.healthy,
      enabled: patch.enabled ?? record.enabled,
      metadata,
      appName: patch.appName ?? record.appName,
      modifiedAt: now,
      beatInterval: timings.beatInterval,
      beatTimeout: timings.beatTimeout,
      deleteTimeout: timings.deleteTimeout,
    }),
  );
}

function sameMetadata(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  return ak.every((k) => a[k] === b[k]);
}

/** True when a client would see no difference between the two (so no push is needed). */
export function sameVisible(a: InstanceRecord, b: InstanceRecord): boolean {
  return (
    a.customInstanceId === b.customInstanceId &&
    a.weight === b.weight &&
    a.healthy === b.healthy &&
    a.enabled === b.enabled &&
    a.ephemeral === b.ephemeral &&
    a.appName === b.appName &&
    sameMetadata(a.metadata, b.metadata)
  );
}

export function toStored(key: ServiceKey, r: InstanceRecord): StoredInstance {
  return {
    key,
    ip: r.ip,
    port: r.port,
    clusterName: r.clusterName,
    instanceId: instanceIdOf(r, groupedName(key)),
    weight: r.weight,
    healthy: r.healthy,
    enabled: r.enabled,
    metadata: { ...r.metadata },
    appName: r.appName,
    registeredAt: r.registeredAt,
    modifiedAt: r.modifiedAt,
  };
}

export function fromStored(
  s: StoredInstance,
  now: number,
  defaults: TimeoutDefaults,
  owner: InstanceOwner = PERSISTENT_OWNER,
): InstanceRecord {
  let timings;
  try {
    timings = instanceTimings(s.metadata, defaults);
  } catch {
    // Timings do not matter for persistent instances (they never expire); never fail a start on them.
    timings = { beatInterval: 5000, beatTimeout: defaults.beatTimeoutMs, deleteTimeout: defaults.deleteTimeoutMs };
  }
  return makeRecord({
    ip: s.ip,
    port: s.port,
    clusterName: s.clusterName,
    // the generated id is not kept (see instanceIdOf)
    customInstanceId: s.instanceId === generatedInstanceId(s.key, s.ip, s.port, s.clusterName) ? '' : s.instanceId,
    weight: s.weight,
    healthy: s.healthy,
    enabled: s.enabled,
    ephemeral: owner.kind !== 'persistent',
    metadata: sharedMetadata(s.metadata),
    appName: s.appName,
    owner,
    registeredAt: s.registeredAt,
    modifiedAt: s.modifiedAt,
    lastBeat: now,
    ...timings,
  });
}

/** The decision of a patch of a stored persistent instance, taken on the stored row: not found without one. */
export function storedPatch(
  key: ServiceKey,
  ref: { ip: string; port: number; clusterName: string },
  patch: InstancePatch,
  now: number,
  options: TimeoutDefaults,
): (stored: StoredInstance | undefined) => StoredInstance {
  return (stored) => {
    if (!stored) {
      throw notFound(`instance not found: ${ref.ip}:${ref.port} in cluster ${ref.clusterName} of ${groupedName(key)}`);
    }
    return toStored(key, patchedRecord(fromStored(stored, now, options), patch, now, options));
  };
}

/**
 * The records a connection's batch makes in a service, all checked before anything changes: ephemeral
 * only, each of the kind it had and of the service's kind (`batch`: nacos words that refusal so).
 */
export function connectionRecords(
  key: ServiceKey,
  inputs: InstanceInput[],
  owner: InstanceOwner,
  now: number,
  defaults: TimeoutDefaults,
  existing: ServiceEntry | undefined,
  batch: boolean,
): InstanceRecord[] {
  return inputs.map((input) => {
    if (input.ephemeral === false) throw invalid('a connection registers ephemeral instances only');
    const ref = checkInstanceRef(input);
    const previous = existing?.get(ref.ip, ref.port, ref.clusterName);
    const record = buildRecord(key, Object.assign({}, input, ref), owner, now, defaults, previous);
    checkSameKind(previous, record);
    checkServiceKind(existing, record, batch);
    return record;
  });
}
