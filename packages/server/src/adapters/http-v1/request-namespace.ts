import type { FastifyRequest } from 'fastify';
import { canonicalTenant } from '../../core/config/config-key.js';
import { isDefaultNamespace } from '../../core/namespace/namespace-service.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import { canonicalNamespace, parseServiceKey } from '../../core/naming/naming-validation.js';
import { invalid } from '../../shared/errors.js';
import { requestParams, type Params } from '../http-common/params.js';
import { parseListeningConfigs } from './listening-configs.js';

/**
 * Which namespace an SDK HTTP route acts on, declared with the route (`config: { namespace }`) and read by
 * both the access check (api-auth-hook.ts) and the handler, so the two cannot judge different namespaces.
 * - `fields`: the parameters that name it; the first is the route's own, the others are aliases clients
 *   send. `canonical` is the route's own reading of a value ("public" and "null" are the default config
 *   namespace ""), so the check judges exactly what the handler touches. A request naming two different
 *   namespaces (in two fields, or twice in one) is refused with 400.
 * - `listened`: each config in `Listening-Configs` (the long-poll listener).
 * - `serviceKey`: the path parameter `param` holds nacos' service key, `[namespace##]group@@service`
 *   (`serviceKeyOfPath` reads it for the check and the handler alike).
 * - `none`: the route holds no namespaced data (cluster, metrics); the default namespace is checked.
 */
export type NamespaceSource =
  | { kind: 'fields'; fields: readonly string[]; canonical?: (namespace: string) => string }
  | { kind: 'listened' }
  | { kind: 'serviceKey'; param: string }
  | { kind: 'none' };

declare module 'fastify' {
  interface FastifyContextConfig {
    namespace?: NamespaceSource;
    /** Only admins may call the route (api-auth-hook.ts). */
    adminOnly?: boolean;
  }
}

/** Config routes read `tenant`; `namespaceId` (nacos' v2 name) names the same. */
export const CONFIG_NAMESPACE = {
  kind: 'fields',
  fields: ['tenant', 'namespaceId'],
  canonical: canonicalTenant,
} as const satisfies NamespaceSource;
/** Naming routes read `namespaceId`; `tenant` names the same. */
export const NAMING_NAMESPACE = {
  kind: 'fields',
  fields: ['namespaceId', 'tenant'],
  canonical: canonicalNamespace,
} as const satisfies NamespaceSource;
/** `/nacos/v1/console/namespaces`: create sends `customNamespaceId`, update `namespace`, the others `namespaceId`. */
export const NAMESPACE_ADMIN = {
  kind: 'fields',
  fields: ['namespaceId', 'namespace', 'customNamespaceId', 'tenant'],
} as const satisfies NamespaceSource;
export const LISTENED_NAMESPACES: NamespaceSource = { kind: 'listened' };
export const NO_NAMESPACE: NamespaceSource = { kind: 'none' };

/** Every value a request gives a parameter (the query's, repeated or not, then the form body's). */
export type ParamValues = (name: string) => readonly string[];

/** The values of plain parameters (one value each), as the fast paths have them. */
export const plainValues =
  (params: Params): ParamValues =>
  (name) =>
    params[name] === undefined ? [] : [params[name]];

/** Without a reading of its own, a route takes "", "public" and "null" as the default namespace. */
const sameNamespace = (a: string, b: string) => a === b || (isDefaultNamespace(a) && isDefaultNamespace(b));

/**
 * The one namespace the source's fields name, as the route reads it (trimmed, then `canonical`); undefined
 * when none is given (the route's default applies). Throws an `invalid` error when they name different
 * namespaces.
 */
export function namespaceOf(
  source: { fields: readonly string[]; canonical?: (namespace: string) => string },
  values: ParamValues,
): string | undefined {
  let found: { field: string; raw: string; value: string } | undefined;
  const same = source.canonical ? (a: string, b: string) => a === b : sameNamespace;
  for (const field of source.fields) {
    for (const raw of values(field)) {
      const trimmed = raw.trim();
      if (!trimmed) continue;
      const value = source.canonical ? source.canonical(trimmed) : trimmed;
      if (!found) found = { field, raw: trimmed, value };
      else if (!same(found.value, value)) {
        throw invalid(
          `the request names two namespaces (${found.field}=${found.raw}, ${field}=${trimmed}): send one namespace`,
        );
      }
    }
  }
  return found?.value;
}

const NO_VALUES: readonly string[] = Object.freeze([]);

function valuesOf(source: unknown, name: string): readonly string[] {
  if (!source || typeof source !== 'object' || Buffer.isBuffer(source)) return NO_VALUES;
  const v = (source as Record<string, unknown>)[name];
  if (v === undefined) return NO_VALUES;
  if (typeof v === 'string') return [v];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : NO_VALUES;
}

/** The parameter values of a fastify request: query first, then form body. */
export function requestValues(req: FastifyRequest): ParamValues {
  return (name) => {
    const query = valuesOf(req.query, name);
    const body = valuesOf(req.body, name);
    return body.length === 0 ? query : query.length === 0 ? body : query.concat(body);
  };
}

function sourceOf(req: FastifyRequest): NamespaceSource {
  return req.routeOptions.config?.namespace ?? NO_NAMESPACE;
}

const resolved = new WeakMap<FastifyRequest, string | undefined>();

/**
 * The namespace a request on a `fields` route acts on (undefined: none given). Handlers build their keys
 * from this, never from the raw parameters.
 */
export function requestNamespace(req: FastifyRequest): string | undefined {
  if (resolved.has(req)) return resolved.get(req);
  const source = sourceOf(req);
  if (source.kind !== 'fields') throw new Error(`route ${req.routeOptions.url} declares no namespace fields`);
  const namespace = namespaceOf(source, requestValues(req));
  resolved.set(req, namespace);
  return namespace;
}

const SERVICE_KEY_NAMESPACE = '##';

/**
 * The service a `serviceKey` route names in its path: `namespace##group@@service`, or `group@@service` in
 * the default namespace (nacos' form; the group is required). Throws an `invalid` error for any other form.
 */
export function serviceKeyOfPath(req: FastifyRequest): ServiceKey {
  const source = sourceOf(req);
  if (source.kind !== 'serviceKey') throw new Error(`route ${req.routeOptions.url} declares no service key`);
  const value = (req.params as Record<string, string | undefined>)[source.param] ?? '';
  const at = value.indexOf(SERVICE_KEY_NAMESPACE);
  const namespaceId = at < 0 ? '' : value.slice(0, at);
  const grouped = at < 0 ? value : value.slice(at + SERVICE_KEY_NAMESPACE.length);
  if (!/^[^@]+@@[^@]/.test(grouped.trim())) {
    throw invalid(`invalid service key: ${value} (give [namespace##]groupName@@serviceName)`);
  }
  return parseServiceKey({ namespaceId, serviceName: grouped });
}

/** Every namespace a request touches, for the access check ("" = the default namespace). */
export function requestNamespaces(req: FastifyRequest): string[] {
  const source = sourceOf(req);
  if (source.kind === 'none') return [''];
  if (source.kind === 'fields') return [requestNamespace(req) ?? ''];
  if (source.kind === 'serviceKey') return [serviceKeyOfPath(req).namespaceId];
  try {
    return [...new Set(parseListeningConfigs(requestParams(req)['Listening-Configs']).map((e) => e.tenant))];
  } catch {
    return ['']; // the handler reports the malformed value
  }
}
