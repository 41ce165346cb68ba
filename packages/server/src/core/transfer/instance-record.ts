import protobuf from 'protobufjs';
import type { TransferInstance } from './transfer-model.js';
import { InstanceMessage, delimited, encodeMessage } from './transfer-proto.js';

/** The value is a length-prefixed InstanceDo (the length varint is part of the value); the key is empty. */
export function encodeInstanceValue(instance: TransferInstance): Uint8Array {
  const value: Record<string, unknown> = {
    ip: instance.ip,
    port: instance.port,
    weight: instance.weight,
    enabled: instance.enabled,
    healthy: instance.healthy,
    ephemeral: instance.ephemeral,
    metadata: instance.metadata,
    namespace_id: instance.namespaceId,
    group_name: instance.groupName,
    service_name: instance.serviceName,
  };
  if (instance.clusterName !== undefined) value.cluster_name = instance.clusterName;
  if (instance.appName !== undefined) value.app_name = instance.appName;
  return delimited(encodeMessage(InstanceMessage, value));
}

export function decodeInstanceRecord(value: Uint8Array): TransferInstance {
  const reader = protobuf.Reader.create(value);
  const message = InstanceMessage.decodeDelimited(reader);
  if (reader.pos !== value.length) {
    throw new Error(`instance value has ${value.length - reader.pos} bytes after its length-prefixed message`);
  }
  const raw = InstanceMessage.toObject(message, { longs: Number, defaults: false, objects: true });
  const ip = String(raw.ip ?? '');
  const port = Number(raw.port ?? 0);
  const serviceName = String(raw.service_name ?? '');
  if (!ip || !port || !serviceName) throw new Error('instance record lacks ip, port or service name');
  return {
    ip,
    port,
    // float32 on the wire: 0.1 comes back as 0.100000001..., so keep the digits a float32 really holds.
    weight: Number(Number(raw.weight ?? 0).toPrecision(7)),
    enabled: Boolean(raw.enabled),
    healthy: Boolean(raw.healthy),
    ephemeral: Boolean(raw.ephemeral),
    metadata: (raw.metadata as Record<string, string> | undefined) ?? {},
    namespaceId: String(raw.namespace_id ?? ''),
    groupName: String(raw.group_name ?? ''),
    serviceName,
    clusterName: raw.cluster_name as string | undefined,
    appName: raw.app_name as string | undefined,
  };
}
