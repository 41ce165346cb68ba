import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../src/adapters/console-api/console-namespaces.js';
import { LOGIN_ROUTES } from '../src/adapters/http-v1/api-auth-hook.js';
import { mcpRouteOf } from '../src/adapters/mcp/mcp-paths.js';
import { DESCRIPTIONS } from '../scripts/openapi/descriptions/all-descriptions.js';
import { DOCUMENT_FILES, renderDocuments, REPO_ROOT } from '../scripts/openapi/openapi-files.js';
import { registeredRoutes, type Port, type RegisteredRoute } from '../scripts/openapi/registered-routes.js';
import { parsePrintedRoutes, routeShape } from '../scripts/openapi/route-tree.js';
import { buildTestApp, tempDataDir, type TestApp } from './helpers.js';

interface Operation {
  method: string;
  route: string;
  op: OpenAPIV3_1.OperationObject & Record<string, unknown>;
}

/** Every operation of a document, with the route it stands for (`x-route`). */
function operations(text: string): Operation[] {
  const doc = JSON.parse(text) as OpenAPIV3_1.Document;
  return Object.values(doc.paths ?? {}).flatMap((item) => {
    const { 'x-route': route, ...ops } = item as Record<string, unknown>;
    return Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      route: route as string,
      op: op as Operation['op'],
    }));
  });
}

/** A URL of the route with its parameters filled in (a service key where one is read). */
const sampleUrl = (route: string) =>
  route
    .replace(':key', 'DEFAULT_GROUP@@x')
    .replace(/:[^/]+/g, 'x')
    .replace(/\*$/, 'page');

describe('the OpenAPI documents of the HTTP ports (docs/openapi.json, docs/openapi-console.json)', () => {
  let routes: RegisteredRoute[];
  let files: Record<string, string>;
  /** With OpenAPI auth on, to see which routes ask for a token. */
  let app: TestApp;
  const dataDir = tempDataDir();
  const ops = (port: Port) => operations(files[DOCUMENT_FILES[port]]);

  beforeAll(async () => {
    routes = await registeredRoutes();
    files = await renderDocuments(routes);
    // the console's files served from a directory that exists, as the documents are generated
    const env = { RNACOS_ENABLE_OPEN_API_AUTH: 'true', RNACOS_BACKUP_TOKEN: 'b'.repeat(32) };
    app = await buildTestApp({ dataDir, webDist: pathToFileURL(`${dataDir}/`), env });
  });
  afterAll(async () => {
    await app?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the checked-in documents are those the registered routes give', () => {
    for (const [file, text] of Object.entries(files)) {
      const kept = readFileSync(path.join(REPO_ROOT, file), 'utf8');
      expect(kept === text, `${file} is out of date: run npm run docs:openapi`).toBe(true);
    }
  });

  it('SDK port: every registered route is in the document, and every operation there is a route', () => {
    const registered = parsePrintedRoutes(app.sdkHttp.printRoutes()).map((r) => `${r.method} ${routeShape(r.url)}`);
    const served = ops('sdk').filter(({ op }) => !op['x-cluster-only'] && !op['x-fast-path']);
    const documented = served.map(({ method, route }) => `${method} ${routeShape(route)}`);
    expect(new Set(documented)).toEqual(new Set(registered));
    expect(documented.length).toBe(new Set(documented).size);
    for (const { method, route } of served) {
      expect(app.sdkHttp.hasRoute({ method: method, url: route }), `${method} ${route}`).toBe(true);
    }
  });

  it('SDK port: the routes only a cluster node serves, and the MCP endpoints its fast path answers', () => {
    const clusterOnly = ops('sdk').filter(({ op }) => op['x-cluster-only']);
    expect(clusterOnly.map(({ method, route }) => `${method} ${route}`)).toEqual([
      'GET /nacos/v1/core/cluster/peer/listeners',
    ]);
    const fast = ops('sdk').filter(({ op }) => op['x-fast-path']);
    expect(fast.length).toBeGreaterThanOrEqual(5);
    for (const { route } of fast) {
      expect(mcpRouteOf(sampleUrl(route)), route).toBeDefined();
      expect(app.sdkHttp.findRoute({ method: 'POST', url: sampleUrl(route) }), route).toBeNull();
    }
  });

  it('console port: every registered route is in the document, and every operation there is a route', () => {
    const consoleHttp = app.consoleHttp!;
    const registered = parsePrintedRoutes(consoleHttp.printRoutes()).map((r) => `${r.method} ${r.url}`);
    const documented = ops('console').map(({ method, route }) => `${method} ${route}`);
    expect(new Set(documented)).toEqual(new Set(registered));
    for (const { method, url } of declaredRoutes(consoleHttp)) expect(documented).toContain(`${method} ${url}`);
    for (const { method, route } of ops('console')) {
      expect(consoleHttp.hasRoute({ method: method, url: route }), `${method} ${route}`).toBe(true);
    }
  });

  it('every hand-kept description is of a registered route, and the common routes have one', () => {
    for (const port of ['sdk', 'console'] as const) {
      const keys = new Set(routes.filter((r) => r.port === port).map((r) => `${r.method} ${r.url}`));
      expect(Object.keys(DESCRIPTIONS[port]).filter((key) => !keys.has(key))).toEqual([]);
    }
    const summaries = new Map(ops('sdk').map(({ method, route, op }) => [`${method} ${route}`, op.summary]));
    expect(summaries.get('GET /nacos/v1/cs/configs')).toBe('Read a config, or search configs');
    expect(summaries.get('POST /nacos/v1/ns/instance')).toBe('Register an instance');
    // a route without a description is there all the same, named by its method and path
    expect(summaries.get('GET /nacos/v2/ns/client/list')).toBe('GET /nacos/v2/ns/client/list');
  });

  it('each document is valid OpenAPI 3.1', async () => {
    for (const text of Object.values(files)) {
      const doc = JSON.parse(text) as OpenAPIV3_1.Document;
      expect(doc.openapi).toBe('3.1.0');
      await SwaggerParser.validate(doc);
    }
  });

  it('SDK port: a route the document says needs a token refuses a call without one; an open one does not', async () => {
    const wrong: string[] = [];
    for (const { method, route, op } of ops('sdk')) {
      if (op['x-cluster-only'] || op['x-fast-path'] || (LOGIN_ROUTES as readonly string[]).includes(route)) continue;
      const token = op.security?.some((s) => 'accessToken' in s) ?? false;
      const res = await app.sdkHttp.inject({ method: method as 'GET', url: sampleUrl(route) });
      if ((res.statusCode === 403) !== (token || op['x-access'] === 'backup token'))
        wrong.push(`${method} ${route} (${String(op['x-access'])}): ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('console port: a route the document says needs a session refuses a call without one; an open one does not', async () => {
    const wrong: string[] = [];
    for (const { method, route, op } of ops('console')) {
      const session = op.security?.some((s) => 'consoleSession' in s) ?? false;
      const res = await app.consoleHttp!.inject({ method: method as 'GET', url: sampleUrl(route) });
      const refused = res.headers['no-login'] === '1' || String(res.headers.location).includes('/p/login');
      if (refused !== session) wrong.push(`${method} ${route} (${String(op['x-access'])}): ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
