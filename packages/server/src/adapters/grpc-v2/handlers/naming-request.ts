import type { ApiAction, ApiResource } from '../../../core/auth/api-access.js';
import type { InstanceInput, ServiceKey } from '../../../core/naming/naming-model.js';
import { canonicalNamespace, parseServiceKey } from '../../../core/naming/naming-validation.js';
import { invalid } from '../../../shared/errors.js';
import { booleanField, numberField, objectField, optionalString, stringField, stringMapField } from '../body-fields.js';
import type { JsonObject } from '../payload.js';

/** `namespace` (blank = public), `groupName` and the raw `serviceName` of a naming request. */
export function serviceKeyOf(body: JsonObject): ServiceKey {
  return parseServiceKey({
    namespaceId: optionalString(body, 'namespace'),
    serviceName: optionalString(body, 'serviceName'),
    groupName: optionalString(body, 'groupName'),
  });
}

export function namingAccess(action: ApiAction) {
  return (body: JsonObject): ApiResource[] => [
    { namespaceId: canonicalNamespace(optionalString(body, 'namespace')), action },
  ];
}

/**
 * An Instance object of a request. Computed getters Java serializes (heart-beat settings, id generator)
 * are ignored; a blank instanceId means "generate one".
 */
export function instanceInputOf(instance: JsonObject): InstanceInput {
  const ephemeral =
    instance.ephemeral === undefined || instance.ephemeral === null
      ? undefined
      : booleanField(instance, 'ephemeral', true);
  return {
    ip: stringField(instance, 'ip'),
    port: numberField(instance, 'port', NaN),
    clusterName: optionalString(instance, 'clusterName'),
    instanceId: optionalString(instance, 'instanceId') || undefined,
    weight: numberField(instance, 'weight', 1),
    healthy: booleanField(instance, 'healthy', true),
    enabled: booleanField(instance, 'enabled', true),
    ephemeral,
    metadata: stringMapField(instance, 'metadata'),
  };
}

/** The `instance` field, required. */
export function requiredInstance(body: JsonObject): InstanceInput {
  const instance = objectField(body, 'instance');
  if (!instance) throw invalid('instance is required');
  return instanceInputOf(instance);
}
