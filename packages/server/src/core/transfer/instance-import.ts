import { generatedInstanceId } from '../naming/instance-records.js';
import type { StoredInstance } from '../naming/instance-store.js';
import type { InstanceRef, ServiceKey } from '../naming/naming-model.js';
import { checkInstanceRef, checkMetadata, checkWeight, parseServiceKey } from '../naming/naming-validation.js';
import type { TransferInstance } from './transfer-model.js';

export type InstanceVerdict = { instance: StoredInstance } | { skip: string; key: string };

/**
 * A persistent instance of the file as it will be stored, or why it is left out. `registeredAs` tells
 * whether the live registry already holds the same instance as an ephemeral one (never overwritten).
 */
export function storedInstanceOf(
  t: TransferInstance,
  now: number,
  registeredAs: (key: ServiceKey, ref: Required<InstanceRef>) => 'ephemeral' | 'persistent' | undefined,
): InstanceVerdict {
  const label = `${t.namespaceId || 'public'}/${t.groupName}@@${t.serviceName} ${t.ip}:${t.port}`;
  if (t.ephemeral)
    return { skip: 'ephemeral instances are not imported (their owners register them again)', key: label };
  try {
    const key = parseServiceKey({ namespaceId: t.namespaceId, groupName: t.groupName, serviceName: t.serviceName });
    const ref = checkInstanceRef({ ip: t.ip, port: t.port, clusterName: t.clusterName });
    if (registeredAs(key, ref) === 'ephemeral')
      return { skip: 'the same instance is registered as ephemeral', key: label };
    return {
      instance: {
        key,
        ...ref,
        instanceId: generatedInstanceId(key, ref.ip, ref.port, ref.clusterName),
        weight: checkWeight(t.weight),
        healthy: t.healthy,
        enabled: t.enabled,
        metadata: checkMetadata(t.metadata),
        appName: t.appName ?? '',
        registeredAt: now,
        modifiedAt: now,
      },
    };
  } catch (err) {
    return { skip: err instanceof Error ? err.message : String(err), key: label };
  }
}

export function transferInstanceOf(s: StoredInstance): TransferInstance {
  return {
    ip: s.ip,
    port: s.port,
    weight: s.weight,
    enabled: s.enabled,
    healthy: s.healthy,
    ephemeral: false,
    metadata: s.metadata,
    namespaceId: s.key.namespaceId,
    groupName: s.key.groupName,
    serviceName: s.key.serviceName,
    clusterName: s.clusterName,
    appName: s.appName || undefined,
  };
}
