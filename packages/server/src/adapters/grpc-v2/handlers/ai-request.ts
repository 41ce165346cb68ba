import type { ApiAction, ApiResource } from '../../../core/auth/api-access.js';
import { canonicalNamespace } from '../../../core/naming/naming-validation.js';
import { optionalString } from '../body-fields.js';
import type { JsonObject } from '../payload.js';

/*
 * What the requests of nacos-client 3.x's AI service (MCP servers, agents) share: the namespace their body
 * names, which is the one their access is checked on.
 */

/** `namespaceId` of the request (blank: public, as nacos fills it). */
export const aiNamespaceOf = (body: JsonObject): string => canonicalNamespace(optionalString(body, 'namespaceId'));

export const aiAccess =
  (action: ApiAction) =>
  (body: JsonObject): ApiResource[] => [{ namespaceId: aiNamespaceOf(body), action }];
