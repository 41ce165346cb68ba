import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listeningTestApp, type TestApp } from '../../../test/helpers.js';
import { ROLE_ADMIN } from '../../core/auth/user-model.js';
import type { RouteRule, ToolSpecKey } from '../../core/mcp/mcp-model.js';

const admin = { user: 'admin', roles: [ROLE_ADMIN] };
const AUTH_KEY = 'auth-key-that-must-not-leave';
const HEADER_VALUE = 'Bearer secret-of-the-routed-service';
const route: RouteRule = {
  protocol: 'http',
  url: '/lookup',
  method: 'GET',
  additionHeaders: { Authorization: HEADER_VALUE },
  convertType: 'NONE',
  serviceNamespace: '',
  serviceGroup: 'DEFAULT_GROUP',
  serviceName: 'svc',
};
const spec = (namespace: string, toolName: string, description: string) => ({
  key: { namespace, group: 'G', toolName } satisfies ToolSpecKey,
  function: { name: toolName, description, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
});

/** A published server and a draft-only one in public, and one in dev; specs in both namespaces. */
async function seed(app: TestApp) {
  const { mcp } = app.core;
  await mcp.saveSpecs([spec('public', 'lookup', 'v1'), spec('public', 'other', 'o'), spec('dev', 'devtool', 'd')], 'a');
  const served = await mcp.addServer(
    {
      uniqueKey: 'served',
      name: 'served server',
      description: 'published',
      authKeys: [AUTH_KEY],
      tools: [{ specKey: { namespace: 'public', group: 'G', toolName: 'lookup' }, routeRule: route }],
    },
    admin,
  );
  await mcp.publish(served);
  // the draft gains a tool after the publish: the list shows the served version's tools
  await mcp.updateServer(
    served,
    {
      tools: [
        { specKey: { namespace: 'public', group: 'G', toolName: 'lookup' }, routeRule: route },
        { specKey: { namespace: 'public', group: 'G', toolName: 'other' }, routeRule: route },
      ],
    },
    admin,
  );
  await mcp.addServer(
    {
      uniqueKey: 'draft-only',
      name: 'draft server',
      authKeys: [AUTH_KEY],
      tools: [{ specKey: { namespace: 'public', group: 'G', toolName: 'other' }, routeRule: route }],
    },
    admin,
  );
  await mcp.addServer(
    {
      uniqueKey: 'in-dev',
      namespace: 'dev',
      name: 'dev server',
      authKeys: [AUTH_KEY],
      tools: [{ specKey: { namespace: 'dev', group: 'G', toolName: 'devtool' }, routeRule: route }],
    },
    admin,
  );
}

describe('r-nacos open MCP lists, OpenAPI auth off', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'dev' });
    await seed(app);
  });
  afterAll(() => app.dispose());
  const get = (url: string) => app.sdkHttp.inject({ method: 'GET', url });

  it("lists a namespace's servers with the tools they serve, as r-nacos answers, never an auth key or header value", async () => {
    const res = await get('/rnacos/v1/mcp/server/list');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(AUTH_KEY);
    expect(res.body).not.toContain('secret-of-the-routed-service');
    expect(res.body).not.toContain('routeRule');
    const lookup = {
      name: 'lookup',
      description: 'v1',
      inputSchema: spec('public', 'lookup', 'v1').function.inputSchema,
    };
    expect(res.json()).toEqual({
      success: true,
      code: null,
      message: null,
      data: {
        totalCount: 2,
        list: [
          {
            name: 'served server',
            description: 'published',
            namespace: 'public',
            uniqueKey: 'served',
            tools: [lookup],
          },
          {
            name: 'draft server',
            description: '',
            namespace: 'public',
            uniqueKey: 'draft-only',
            tools: [{ name: 'other', description: 'o', inputSchema: expect.any(Object) }],
          },
        ],
      },
    });
    const dev = (await get('/rnacos/v1/mcp/server/list?namespaceId=dev')).json();
    expect(dev.data.list.map((s: { uniqueKey: string }) => s.uniqueKey)).toEqual(['in-dev']);
    const filtered = (await get('/rnacos/v1/mcp/server/list?namespaceId=public&nameFilter=draft')).json();
    expect(filtered.data).toMatchObject({ totalCount: 1, list: [{ uniqueKey: 'draft-only' }] });
    const paged = (await get('/rnacos/v1/mcp/server/list?pageNo=2&pageSize=1')).json();
    expect(paged.data).toMatchObject({ totalCount: 2, list: [{ uniqueKey: 'draft-only' }] });
  });

  it("lists a namespace's tool specs with their current definition", async () => {
    const res = await get('/rnacos/v1/mcp/toolspec/list?toolNameFilter=look');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      code: null,
      message: null,
      data: {
        totalCount: 1,
        list: [
          {
            namespace: 'public',
            group: 'G',
            tool: { name: 'lookup', description: 'v1', inputSchema: expect.any(Object) },
          },
        ],
      },
    });
    const dev = (await get('/rnacos/v1/mcp/toolspec/list?namespaceId=dev&groupFilter=G')).json();
    expect(dev.data.list).toEqual([
      expect.objectContaining({ namespace: 'dev', tool: expect.objectContaining({ name: 'devtool' }) }),
    ]);
    expect((await get('/rnacos/v1/mcp/toolspec/list?namespaceId=public')).json().data.totalCount).toBe(2);
  });

  it.each([
    ['pageNo=0', 'pageNo cannot be 0'],
    ['pageSize=0', 'pageSize cannot be 0'],
    ['pageSize=1001', 'pageSize cannot exceed 1000'],
    ['pageNo=x', 'pageNo must be a whole number'],
  ])('refuses %s with r-nacos INVALID_PARAM', async (query, message) => {
    for (const path of ['/rnacos/v1/mcp/server/list', '/rnacos/v1/mcp/toolspec/list']) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        data: null,
        success: false,
        code: 'INVALID_PARAM',
        message: `Parameter validation failed: ${message}`,
      });
    }
  });
});

describe('r-nacos open MCP lists, OpenAPI auth on', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
    await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'dev' });
    await seed(app);
    await app.core.auth.users.add({
      username: 'devguest',
      password: 'devguest-password',
      roles: ['2'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['dev'] },
    });
  });
  afterAll(() => app.dispose());
  const tokenOf = async (username: string, password: string) =>
    (await app.core.auth.apiLogin(username, password)).token;

  it('needs a token of a user who may read the namespace listed, and shows a guest no secret either', async () => {
    const none = await app.sdkHttp.inject({ method: 'GET', url: '/rnacos/v1/mcp/server/list' });
    expect([none.statusCode, none.json().message]).toEqual([403, 'unknown user!']);
    const token = await tokenOf('devguest', 'devguest-password');
    for (const path of ['/rnacos/v1/mcp/server/list', '/rnacos/v1/mcp/toolspec/list']) {
      const pub = await app.sdkHttp.inject({ method: 'GET', url: `${path}?accessToken=${token}` });
      expect(pub.statusCode, path).toBe(403);
      const dev = await app.sdkHttp.inject({ method: 'GET', url: `${path}?namespaceId=dev&accessToken=${token}` });
      expect(dev.statusCode, path).toBe(200);
      expect(dev.body).not.toContain(AUTH_KEY);
      expect(dev.body).not.toContain('secret-of-the-routed-service');
    }
    const adminToken = await tokenOf('admin', 'admin');
    const all = await app.sdkHttp.inject({
      method: 'GET',
      url: '/rnacos/v1/mcp/server/list',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(all.json().data.totalCount).toBe(2);
    expect(all.body).not.toContain(AUTH_KEY);
  });
});

describe('r-nacos open MCP lists over a socket', () => {
  it('are answered by the SDK port itself, past its fast paths and beside the MCP endpoints', async () => {
    const { app, base } = await listeningTestApp();
    try {
      await seed(app);
      const res = await fetch(`${base}/rnacos/v1/mcp/server/list?pageSize=1`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({
        success: true,
        data: { totalCount: 2, list: [{ uniqueKey: 'served' }] },
      });
    } finally {
      await app.dispose();
    }
  });
});
