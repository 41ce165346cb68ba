import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, consoleApiRules } from '../src/adapters/console-api/console-paths.js';
import { declaredRoutes } from '../src/adapters/console-api/console-namespaces.js';
import { EXEMPT_ROUTES, LOGIN_ROUTES } from '../src/adapters/http-v1/api-auth-hook.js';
import { parseReleaseInput } from '../src/core/ai/mcp-registry-input.js';
import { parseAgentCard } from '../src/core/ai/agent-card-input.js';
import { buildTestApp, form, type TestApp } from './helpers.js';
import { knownCaptcha } from './console-helpers.js';
import { RawNacosClient } from './grpc-raw-client.js';
import {
  consoleOutcome,
  expectedAllowed,
  NAMESPACES,
  nsName,
  USERS,
  NAMING_AND_ADMIN_CELLS,
  type ConsoleCell,
  type Ns,
} from './privilege-matrix-cells.js';
import { CONFIG_CONSOLE_CELLS } from './privilege-matrix-config-cells.js';
import { CONFIG_TAG_CELLS } from './privilege-matrix-config-tag-cells.js';
import { AI_REGISTRY_CELLS } from './privilege-matrix-ai-cells.js';
import { MORE_CONSOLE_CELLS, ROLE_ONLY_PATHS } from './privilege-matrix-console-more.js';
import { generateHttpCells } from './privilege-matrix-http.js';
import { consoleConfigReadCells } from './privilege-matrix-console-socket.js';
import { GRPC_SAMPLES, GRPC_UNGUARDED, HTTP_SAMPLES } from './privilege-matrix-sdk-cells.js';
import { sdkRoutes, type SdkRoute } from './sdk-route-table.js';

/** The console cells written out by hand, config routes first (the AI registry's last). */
const CONSOLE_CELLS = [...CONFIG_CONSOLE_CELLS, ...CONFIG_TAG_CELLS, ...NAMING_AND_ADMIN_CELLS, ...AI_REGISTRY_CELLS];

/**
 * Every role and namespace privilege against every route of every door: the console, the SDK port with
 * OpenAPI auth (cells generated from its registered routes, the namespace placed in each parameter a route
 * declares, and in two at once) and gRPC (every request type of the handler table). What each user may
 * reach is written out independently of the code (privilege-matrix-cells.ts): a cell fails if a user
 * reaches what they should not, or is refused what they should reach.
 */

describe('privilege matrix', () => {
  let app: TestApp;
  let grpc: RawNacosClient;
  const consoleTokens = new Map<string, string>();
  const apiTokens = new Map<string, string>();
  let routes: SdkRoute[] = [];
  let sdkBase = '';
  let consoleBase = '';
  const sdk = () => app.sdkHttp;

  beforeAll(async () => {
    app = await buildTestApp({ captchaSource: knownCaptcha, env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
    await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'dev' });
    for (const ns of NAMESPACES) {
      await app.core.configs.publish({ namespaceId: ns, group: 'G', dataId: 'seed', content: 'seed' });
      await app.core.naming.registerInstance(
        { namespaceId: nsName(ns), groupName: 'DEFAULT_GROUP', serviceName: 'seed' },
        { ip: '10.0.0.1', port: 80, ephemeral: false },
      );
      const mcp = { server: { name: 'seed', protocol: 'mcp-sse', versionDetail: { version: '1.0.0' } } };
      await app.core.mcpRegistry.release(nsName(ns), parseReleaseInput(mcp));
      const card = {
        name: 'seed',
        version: '1.0.0',
        protocolVersion: '0.3.0',
        preferredTransport: 'JSONRPC',
        url: 'http://a',
      };
      await app.core.agentRegistry.create(nsName(ns), parseAgentCard(card), 'URL');
    }
    for (const user of USERS) {
      if (user.name !== 'admin')
        await app.core.auth.users.add({
          username: user.name,
          password: `${user.name}-password`,
          roles: user.roles,
          namespacePrivilege: user.privilege,
        });
      consoleTokens.set(user.name, (await app.core.auth.sessions.create('console', user.name, 3600)).token);
      const login = await app.sdkHttp.inject({
        method: 'POST',
        url: '/nacos/v1/auth/login',
        ...form({ username: user.name, password: user.name === 'admin' ? 'admin' : `${user.name}-password` }),
      });
      apiTokens.set(user.name, login.json().accessToken);
    }
    routes = await sdkRoutes(app);
    const { grpc: grpcPort, http, console: consoleUrl } = await app.listen();
    sdkBase = http;
    consoleBase = consoleUrl!;
    grpc = new RawNacosClient(`127.0.0.1:${grpcPort}`);
    await grpc.connect();
  });
  afterAll(async () => {
    grpc?.close();
    await app.dispose();
  });

  /** The namespace pairs a cell tries: (ns, ns), or every (ns, other) when the request names a second one. */
  const pairs = (cell: { only?: Ns[]; namespaced: boolean; other?: boolean }): Array<[Ns, Ns]> =>
    (cell.only ?? (cell.namespaced ? NAMESPACES : ([''] as Ns[]))).flatMap((ns) =>
      cell.other ? NAMESPACES.map((other): [Ns, Ns] => [ns, other]) : [[ns, ns] as [Ns, Ns]],
    );
  const expectedFor = (user: (typeof USERS)[number], cell: ConsoleCell, ns: Ns, other: Ns) =>
    expectedAllowed(user, cell.need, cell.namespaced ? ns : null) &&
    expectedAllowed(user, cell.need, cell.namespaced ? other : null)
      ? 'allowed'
      : 'denied';

  it('console: every role x namespace privilege x route cell', async () => {
    const wrong: string[] = [];
    for (const user of USERS) {
      for (const cell of CONSOLE_CELLS) {
        for (const [ns, other] of pairs(cell)) {
          const outcome = consoleOutcome(await cell.run(app, consoleTokens.get(user.name)!, ns, other));
          const expected = expectedFor(user, cell, ns, other);
          if (outcome !== expected)
            wrong.push(`${user.name} / ${cell.name} / "${ns}" "${other}": expected ${expected}, got ${outcome}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('console: more namespaced routes, every role x namespace privilege (x a second namespace)', async () => {
    const wrong: string[] = [];
    for (const user of USERS) {
      for (const cell of MORE_CONSOLE_CELLS) {
        for (const [ns, other] of pairs(cell)) {
          const res = await cell.run(app, consoleTokens.get(user.name)!, ns, other);
          const outcome = cell.outcome?.(res) || consoleOutcome(res);
          const expected = expectedFor(user, cell, ns, other);
          if (outcome !== expected)
            wrong.push(`${user.name} / ${cell.name} / "${ns}" "${other}": expected ${expected}, got ${outcome}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('console: every namespace field a route declares has a cell, and every cell tries a declared field', () => {
    const declared = declaredRoutes(app.consoleHttp!).flatMap((r) =>
      r.fields.map((field) => `${r.method} ${r.url.slice(API.length)} ${field}`),
    );
    const cells = [...CONSOLE_CELLS, ...MORE_CONSOLE_CELLS]
      .filter((c) => c.field !== undefined)
      .map((c) => `${c.method} ${c.path} ${c.field}`);
    expect(
      [...new Set(declared)].filter((key) => !cells.includes(key)),
      'declared namespace fields without a cell',
    ).toEqual([]);
    expect(
      cells.filter((key) => !declared.includes(key)),
      'cells of no declared field',
    ).toEqual([]);
    // the fields naming a second namespace are there too (clone sources, tools routed elsewhere, ...)
    expect(
      declared.filter((key) => / (keys\[\]\.tenant|targetTenant|tools\[\]|file: )/.test(key)).length,
    ).toBeGreaterThan(8);
  });

  it('console: every path of console-paths.ts has a namespace cell or a role cell', () => {
    const covered = new Set([...CONSOLE_CELLS, ...MORE_CONSOLE_CELLS].map((c) => c.path));
    const paths = [...new Set(consoleApiRules().map((r) => r.path.slice(API.length)))];
    expect(
      paths.filter((p) => !covered.has(p) && !ROLE_ONLY_PATHS[p]),
      'console paths without a cell',
    ).toEqual([]);
    expect(
      Object.keys(ROLE_ONLY_PATHS).filter((p) => !paths.includes(p)),
      'role cells of no path',
    ).toEqual([]);
  });

  it('console: every role x route that touches no namespace', async () => {
    const wrong: string[] = [];
    for (const { method, path } of consoleApiRules()) {
      const need = ROLE_ONLY_PATHS[path.slice(API.length)];
      if (!need || need === 'public') continue;
      for (const user of USERS) {
        const res = await app.consoleHttp!.inject({
          method: method === 'GET' ? 'GET' : 'POST',
          url: path,
          cookies: { token: consoleTokens.get(user.name)! },
        });
        const refused = res.headers['no-permission'] === '1';
        const expected = expectedAllowed(user, need, null);
        if (refused === expected) wrong.push(`${user.name} / ${method} ${path}: ${expected ? 'refused' : 'reached'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('console: no session reaches nothing', async () => {
    for (const cell of CONSOLE_CELLS) {
      const res = await cell.run(app, 'f'.repeat(64), '', '');
      expect(res.json(), cell.name).toMatchObject({ success: false, code: 'NO_LOGIN' });
      expect(res.headers['no-login']).toBe('1');
    }
  });

  /** Every cell of the SDK HTTP door, generated from its route table (test/sdk-route-table.ts). */
  const httpCells = () => generateHttpCells(routes);

  it('OpenAPI: every registered route has a sample, declares its namespace, and no sample is stale', () => {
    const registered = routes.filter((r) => !EXEMPT_ROUTES.has(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(
      registered.filter((key) => !HTTP_SAMPLES[key]),
      'routes without a matrix sample',
    ).toEqual([]);
    expect(
      Object.keys(HTTP_SAMPLES).filter((key) => !registered.includes(key)),
      'samples of no route',
    ).toEqual([]);
    const undeclared = routes.filter((r) => !EXEMPT_ROUTES.has(r.url) && !r.namespace);
    expect(
      undeclared.map((r) => `${r.method} ${r.url}`),
      'routes declaring no namespace',
    ).toEqual([]);
    // the namespace routes, config and naming routes each name their namespace in more than one field
    expect(httpCells().filter((c) => c.twoNamespaces).length).toBeGreaterThan(50);
  });

  it('OpenAPI: every role x namespace privilege x route x namespace field cell', async () => {
    const wrong: string[] = [];
    for (const cell of httpCells().filter((c) => !c.twoNamespaces)) {
      for (const user of USERS) {
        const res = await cell.run(app, apiTokens.get(user.name)!);
        const outcome =
          res.statusCode === 403
            ? 'denied'
            : cell.reached(res)
              ? 'allowed'
              : `unexpected ${res.statusCode} ${res.body}`;
        const expected = cell.namespaces.every((ns) => expectedAllowed(user, cell.need, ns)) ? 'allowed' : 'denied';
        if (outcome !== expected) wrong.push(`${user.name} / ${cell.name}: expected ${expected}, got ${outcome}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("console over a socket: the config editor's read the fast path answers, every role x namespace cell", async () => {
    // answered before fastify when the session, its roles and its namespaces allow it; refusals by the routes
    const wrong = await consoleConfigReadCells(consoleBase, consoleTokens, apiTokens.get('admin')!);
    expect(wrong).toEqual([]);
  });

  it('OpenAPI over a socket: the routes the fast paths answer, every role x namespace x field cell', async () => {
    // the fast paths judge a token themselves (OpenAPI auth's admitsNow) and leave the rest to these routes
    const fastRoutes = new Set([
      'GET /nacos/v1/cs/configs',
      'GET /nacos/v1/ns/instance/list',
      'PUT /nacos/v1/ns/instance/beat',
    ]);
    const cells = httpCells().filter((c) => fastRoutes.has(c.route));
    expect(new Set(cells.map((c) => c.route))).toEqual(fastRoutes);
    const wrong: string[] = [];
    for (const cell of cells) {
      const expectedFor = (user: (typeof USERS)[number]) =>
        cell.twoNamespaces
          ? 'two namespaces'
          : cell.namespaces.every((ns) => expectedAllowed(user, cell.need, ns))
            ? 'allowed'
            : 'denied';
      for (const user of USERS) {
        const res = await cell.run(app, apiTokens.get(user.name)!, sdkBase);
        const outcome =
          res.statusCode === 403
            ? 'denied'
            : res.statusCode === 400 && res.body.includes('two namespaces')
              ? 'two namespaces'
              : cell.reached(res)
                ? 'allowed'
                : `unexpected ${res.statusCode} ${res.body}`;
        if (outcome !== expectedFor(user))
          wrong.push(`${user.name} / ${cell.name}: expected ${expectedFor(user)}, got ${outcome}`);
      }
      if (!cell.twoNamespaces) {
        for (const token of ['', consoleTokens.get('admin')!, 'f'.repeat(64)]) {
          const res = await cell.run(app, token, sdkBase);
          if (res.statusCode !== 403) wrong.push(`token "${token.slice(0, 8)}" / ${cell.name}: got ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('OpenAPI: a request naming two namespaces is refused with 400 for every user, touching neither', async () => {
    const configsBefore = app.core.configs.count();
    const wrong: string[] = [];
    for (const cell of httpCells().filter((c) => c.twoNamespaces)) {
      for (const user of USERS) {
        const res = await cell.run(app, apiTokens.get(user.name)!);
        if (res.statusCode !== 400 || !res.body.includes('two namespaces'))
          wrong.push(`${user.name} / ${cell.name}: got ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(app.core.configs.count()).toBe(configsBefore);
  });

  it('OpenAPI: the public routes answer without a token; every login route (GET and POST) logs every user in', async () => {
    const open = routes.filter((r) => EXEMPT_ROUTES.has(r.url));
    const logins = open.filter((r) => (LOGIN_ROUTES as readonly string[]).includes(r.url));
    expect(new Set(logins.map((r) => `${r.method} ${r.url}`))).toEqual(
      new Set(LOGIN_ROUTES.flatMap((url) => [`GET ${url}`, `POST ${url}`])),
    );
    const wrong: string[] = [];
    for (const route of open) {
      if (!logins.includes(route)) {
        const res = await sdk().inject({ method: route.method as 'GET', url: route.url });
        if (res.statusCode === 403) wrong.push(`${route.method} ${route.url}: 403 without a token`);
        continue;
      }
      for (const user of USERS) {
        const password = user.name === 'admin' ? 'admin' : `${user.name}-password`;
        const query = new URLSearchParams({ username: user.name, password });
        const res = await sdk().inject({ method: route.method as 'GET', url: `${route.url}?${query}` });
        const token = res.statusCode === 200 ? (res.json().accessToken as string) : '';
        // the token is an OpenAPI token like any other: it reads what the user may read
        const read = token
          ? await sdk().inject({ method: 'GET', url: `/nacos/v1/cs/configs?dataId=seed&group=G&accessToken=${token}` })
          : undefined;
        if ((read?.statusCode === 200) !== expectedAllowed(user, 'read', ''))
          wrong.push(`${user.name} / ${route.method} ${route.url}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('OpenAPI: no token, a console token or a wrong password reaches nothing', async () => {
    for (const cell of httpCells().filter((c) => !c.twoNamespaces)) {
      expect((await cell.run(app, '')).statusCode, cell.name).toBe(403);
      expect((await cell.run(app, consoleTokens.get('admin')!)).statusCode, cell.name).toBe(403);
    }
    const nodeStyle = await sdk().inject({
      method: 'GET',
      url: '/nacos/v1/cs/configs?dataId=seed&group=G&username=dev&password=wrong',
    });
    expect(nodeStyle.statusCode).toBe(403);
  });

  it('gRPC: every request type the handler table guards has a sample', () => {
    const types = [...app.grpc.handlers.keys()];
    const guarded = types.filter((t) => app.grpc.handlers.get(t)!.access !== undefined);
    expect(
      guarded.filter((t) => !GRPC_SAMPLES[t]),
      'request types without a matrix sample',
    ).toEqual([]);
    expect(types.filter((t) => !guarded.includes(t))).toEqual(GRPC_UNGUARDED);
    expect(
      Object.keys(GRPC_SAMPLES).filter((t) => !guarded.includes(t)),
      'samples of no type',
    ).toEqual([]);
  });

  it('gRPC: every role x namespace privilege x request type cell', async () => {
    const wrong: string[] = [];
    for (const user of USERS) {
      for (const [type, cell] of Object.entries(GRPC_SAMPLES)) {
        for (const ns of NAMESPACES) {
          const reply = await grpc.request(type, cell.body(ns), { accessToken: apiTokens.get(user.name)! });
          const outcome =
            reply.body.errorCode === 403
              ? 'denied'
              : reply.body.resultCode === 200
                ? 'allowed'
                : `unexpected ${JSON.stringify(reply.body)}`;
          const expected = expectedAllowed(user, cell.need, ns) ? 'allowed' : 'denied';
          if (outcome !== expected)
            wrong.push(`${user.name} / ${type} / "${ns}": expected ${expected}, got ${outcome}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gRPC: no token or a console token reaches nothing', async () => {
    for (const [type, cell] of Object.entries(GRPC_SAMPLES)) {
      expect((await grpc.request(type, cell.body(''))).body.errorCode, type).toBe(403);
      expect(
        (await grpc.request(type, cell.body(''), { accessToken: consoleTokens.get('admin')! })).body.errorCode,
        type,
      ).toBe(403);
    }
  });
});
