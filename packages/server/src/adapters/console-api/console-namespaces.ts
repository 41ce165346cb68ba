import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { namespacePermitted } from '../../core/auth/permissions.js';
import { principalOf, requireNamespace } from './console-auth.js';
import { API } from './console-paths.js';

/**
 * Every namespace a console request names, declared with its route (`config: { namespaces }`) and checked
 * in one place, so that a route cannot check the namespace it is filed under and forget a second one (a
 * clone's target, a tool routed into another namespace). Every console API route declares its fields (an
 * empty list: it names none), or registering it fails; the privilege matrix wants a cell for each field.
 */

/** One place a request names namespaces. */
export interface NamespaceField {
  /** Where the request names it, as the privilege matrix names its cell: `tenant`, `keys[].tenant`, ... */
  name: string;
  /**
   * The namespaces it names, read from the query, body or headers exactly as the handler reads them; the
   * check runs before the handler. Undefined entries name nothing (the route's own namespace applies).
   * Absent: only the handler can read them (an upload's parts, a stored record), and it passes them to
   * `requireReferenced` or `mayReference`.
   */
  read?: (req: FastifyRequest) => Iterable<string | undefined>;
}

export interface RouteNamespaces {
  fields: readonly NamespaceField[];
  /** HTTP status of a refusal (uploads and downloads are judged by it); default 200 with the envelope. */
  status?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    namespaces?: RouteNamespaces;
  }
}

/** The route names no namespace (logins, users, the whole-store transfer, metrics). */
export const NO_NAMESPACES: RouteNamespaces = Object.freeze({ fields: [] });

/** Route options declaring the fields: `app.get(url, namespaced(FIELD), handler)`. */
export const namespaced = (namespaces: RouteNamespaces | NamespaceField, ...more: NamespaceField[]) => ({
  config: { namespaces: 'fields' in namespaces ? namespaces : { fields: [namespaces, ...more] } },
});

export interface DeclaredRoute {
  method: string;
  url: string;
  fields: string[];
}

const tables = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** What each console API route of the app declares (the privilege matrix is generated from it). */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return tables.get(app) ?? [];
}

/**
 * Installs the check on the console's scope: registering an API route without a declaration throws, and
 * before each handler every namespace its readable fields name must be one the caller may touch.
 */
export function checkNamespaceFields(app: FastifyInstance): void {
  const table: DeclaredRoute[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(`${API}/`)) return;
    const declared = route.config?.namespaces;
    if (!declared) throw new Error(`console route ${route.url} declares no namespace fields (config.namespaces)`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, fields: declared.fields.map((f) => f.name) });
    }
  });
  app.addHook('preHandler', async (req) => {
    const declared = req.routeOptions.config?.namespaces;
    if (!declared) return;
    for (const field of declared.fields) {
      if (!field.read) continue;
      for (const namespace of field.read(req)) {
        if (namespace !== undefined) requireNamespace(req, namespace, declared.status);
      }
    }
  });
}

function handlerField(req: FastifyRequest, name: string): RouteNamespaces {
  const declared = req.routeOptions.config?.namespaces;
  if (!declared?.fields.some((f) => f.name === name && !f.read)) {
    throw new Error(`console route ${req.routeOptions.url} declares no namespace field ${name} read by its handler`);
  }
  return declared;
}

/** The check of a field only the handler reads: throws `NO_NAMESPACE_PERMISSION` for the first refused one. */
export function requireReferenced(req: FastifyRequest, field: string, namespaces: Iterable<string>): void {
  const declared = handlerField(req, field);
  for (const namespace of namespaces) requireNamespace(req, namespace, declared.status);
}

/**
 * Whether the caller may touch the namespace a field names, for refusals that must not differ from "there
 * is no such thing" (a stored record in a namespace the caller may not see is answered as missing).
 */
export function mayReference(req: FastifyRequest, field: string, namespace: string): boolean {
  handlerField(req, field);
  return namespacePermitted(principalOf(req).namespacePrivilege, namespace);
}
