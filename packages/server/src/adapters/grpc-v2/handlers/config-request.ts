import type { ApiAction, ApiResource } from '../../../core/auth/api-access.js';
import { canonicalTenant, parseConfigKey, type ConfigKey } from '../../../core/config/config-key.js';
import { optionalString } from '../body-fields.js';
import type { JsonObject } from '../payload.js';

/** Fields shared by the config requests: the key, validated and with the tenant canonicalized. */
export function configKeyOf(body: JsonObject): ConfigKey {
  return parseConfigKey({
    dataId: optionalString(body, 'dataId'),
    group: optionalString(body, 'group'),
    tenant: optionalString(body, 'tenant'),
  });
}

/** The guard check of a request on one config: its namespace and the action. */
export function configAccess(action: ApiAction) {
  return (body: JsonObject): ApiResource[] => [
    { namespaceId: canonicalTenant(optionalString(body, 'tenant')), action },
  ];
}
