import type { OpenAPIV3_1 } from 'openapi-types';
import { legacyConsolePathOf } from '../../src/adapters/console-api/legacy-openapi-paths.js';
import { VERSION } from '../../src/shared/version.js';
import { DESCRIPTIONS } from './descriptions/all-descriptions.js';
import { PARAMETER_GLOSSARY } from './descriptions/parameter-glossary.js';
import type { RouteDescription } from './descriptions/route-description.js';
import { routeAccess, SECURITY_SCHEMES } from './route-access.js';
import { FAMILIES, familyOf } from './route-families.js';
import type { Port, RegisteredRoute } from './registered-routes.js';
import { PORT_INFO } from './port-info.js';

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** What stands for a wildcard (`*`: any rest of the path) in the document's paths. */
export const WILDCARD_PARAM = 'wildcard';

/** `/v0/servers/:id` as the document writes it: `/v0/servers/{id}`; `*` as `{wildcard}`. */
export const documentPath = (url: string) =>
  url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, `{${WILDCARD_PARAM}}`);

/** The OpenAPI 3.1 document of one port's routes: one path item per registered URL. */
export function buildDocument(port: Port, routes: readonly RegisteredRoute[]): OpenAPIV3_1.Document {
  const own = routes.filter((r) => r.port === port);
  const byUrl = new Map<string, RegisteredRoute[]>();
  for (const route of own) byUrl.set(route.url, [...(byUrl.get(route.url) ?? []), route]);
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const url of [...byUrl.keys()].sort()) {
    const item: Record<string, unknown> = { 'x-route': url };
    const methods = byUrl.get(url)!.sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
    for (const route of methods) item[route.method.toLowerCase()] = operation(route);
    paths[documentPath(url)] = item;
  }
  const used = new Set(own.map(familyOf));
  const info = PORT_INFO[port];
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: VERSION, description: info.description },
    servers: [info.server],
    tags: Object.entries(FAMILIES)
      .filter(([name]) => used.has(name as keyof typeof FAMILIES))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: { securitySchemes: SECURITY_SCHEMES },
  };
}

function operation(route: RegisteredRoute): OpenAPIV3_1.OperationObject {
  const described: RouteDescription | undefined = DESCRIPTIONS[route.port][`${route.method} ${route.url}`];
  const access = routeAccess(route);
  const legacy = route.port === 'console' ? legacyConsolePathOf(route.url) : undefined;
  const op: Record<string, unknown> = {
    tags: [familyOf(route)],
    summary: described?.summary ?? `${route.method} ${documentPath(route.url)}`,
  };
  if (legacy) op.description = `Older consoles call it as ${legacy}, which the console port rewrites to this route.`;
  const parameters = [...pathParameters(route.url), ...queryParameters(route, described)];
  if (parameters.length) op.parameters = parameters;
  op.responses = { default: { description: 'See docs/api.md for what the route answers.' } };
  op.security = access.security;
  op['x-port'] = route.port;
  op['x-access'] = access.access;
  if (access.roles) op['x-roles'] = access.roles;
  const namespace = namespaceOf(route);
  if (namespace) op['x-namespace'] = namespace;
  if (!described) op['x-described'] = false;
  if (route.clusterOnly) op['x-cluster-only'] = true;
  if (route.fastPath) op['x-fast-path'] = true;
  return op;
}

function pathParameters(url: string): OpenAPIV3_1.ParameterObject[] {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const params = names.map((name) => param(name, 'path', true));
  if (url.endsWith('*')) {
    params.push({ ...param(WILDCARD_PARAM, 'path', true), description: 'Any rest of the path.' });
  }
  return params;
}

/** The parameters a description names, then the namespace fields the route declares that it does not. */
function queryParameters(route: RegisteredRoute, described: RouteDescription | undefined) {
  const inPath = new Set([...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]));
  const named = (described?.params ?? '').split(' ').filter(Boolean);
  const params = named
    .map((word) => ({ name: word.replace(/!$/, ''), required: word.endsWith('!') }))
    .filter(({ name }) => !inPath.has(name))
    .map(({ name, required }) => param(name, 'query', required));
  // the console's writes carry their fields in a JSON body: x-namespace names them
  const consoleQuery = route.method === 'GET' ? (route.namespaceFields ?? []).filter(isName) : [];
  const declared = route.namespace?.kind === 'fields' ? route.namespace.fields : consoleQuery;
  for (const field of declared) {
    if (!params.some((p) => p.name === field)) params.push(param(field, 'query', false, 'Names the namespace.'));
  }
  return params;
}

const isName = (field: string) => /^[A-Za-z]+$/.test(field);

function param(name: string, where: 'path' | 'query', required: boolean, fallback?: string) {
  const description = PARAMETER_GLOSSARY[name] ?? fallback;
  if (description === undefined && where === 'query') throw new Error(`parameter ${name} is not in the glossary`);
  return {
    name,
    in: where,
    required,
    ...(description ? { description } : {}),
    schema: { type: 'string' },
  } satisfies OpenAPIV3_1.ParameterObject;
}

/** Where the route reads the namespace it acts on (what the access check judges). */
function namespaceOf(route: RegisteredRoute): string | undefined {
  const source = route.namespace;
  if (route.port === 'console') return route.namespaceFields?.length ? route.namespaceFields.join(', ') : undefined;
  if (!source || source.kind === 'none') return undefined;
  if (source.kind === 'fields') return source.fields.join(', ');
  if (source.kind === 'listened') return 'each listened config';
  return `the service key in {${source.param}}`;
}
