import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.dispose());

const PATH = '/nacos/v3/admin/ai/mcp';
const server = (version: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify(
    Object.assign(
      {
        name: 'weather',
        protocol: 'mcp-sse',
        frontProtocol: 'mcp-sse',
        description: 'forecasts',
        versionDetail: { version },
        remoteServerConfig: { exportPath: '/sse' },
      },
      extra,
    ),
  );
const tools = JSON.stringify({ tools: [{ name: 'forecast', description: 'd', inputSchema: { type: 'object' } }] });
const endpoint = JSON.stringify({
  type: 'DIRECT',
  data: { address: '10.2.2.2', port: 9000, transportProtocol: 'http' },
});
const send = (method: 'POST' | 'PUT', fields: Record<string, string>) =>
  app.sdkHttp.inject(Object.assign({ method, url: PATH }, form(fields)));
const get = (url: string) => app.sdkHttp.inject({ method: 'GET', url });

describe('/nacos/v3/admin/ai/mcp', () => {
  it('creates a server, adds a version, serves the latest and any version, lists and deletes', async () => {
    const created = await send('POST', {
      serverSpecification: server('1.0.0'),
      toolSpecification: tools,
      endpointSpecification: endpoint,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json<{ data: string }>().data;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const added = await send('PUT', {
      serverSpecification: server('2.0.0'),
      endpointSpecification: endpoint,
      latest: 'false',
    });
    expect(added.json()).toEqual({ code: 0, message: 'success', data: 'ok' });

    const latest = (await get(`${PATH}?mcpName=weather`)).json().data;
    expect(latest).toMatchObject({
      id,
      name: 'weather',
      namespaceId: 'public',
      version: '1.0.0',
      versionDetail: { version: '1.0.0', is_latest: true },
      toolSpec: { tools: [{ name: 'forecast' }] },
      backendEndpoints: [{ address: '10.2.2.2', port: 9000, protocol: 'http', path: '/sse' }],
      capabilities: ['TOOL'],
    });
    expect(latest.allVersions.map((v: { version: string }) => v.version)).toEqual(['1.0.0', '2.0.0']);
    expect((await get(`${PATH}?mcpId=${id}&version=2.0.0`)).json().data.versionDetail).toMatchObject({
      is_latest: false,
    });

    const list = (await get(`${PATH}/list?mcpName=wea&search=blur`)).json().data;
    expect(list).toMatchObject({ totalCount: 1, pageNumber: 1, pageItems: [{ id, latestPublishedVersion: '1.0.0' }] });
    expect((await get(`${PATH}/list?mcpName=wea`)).json().data.totalCount).toBe(0);

    // the open registry lists it, and gives its endpoint as a remote
    const registry = (await get('/v0/servers?search=weather')).json();
    expect(registry).toMatchObject({
      metadata: { count: 1 },
      servers: [{ server: { name: 'weather', version: '1.0.0' } }],
    });
    expect((await get(`/v0/servers/${id}`)).json().server.remotes).toEqual([
      { type: 'sse', url: 'http://10.2.2.2:9000/sse' },
    ]);
    expect((await get(`/v0/servers/${id}/tools`)).json().tools[0].name).toBe('forecast');

    expect(
      (await app.sdkHttp.inject({ method: 'DELETE', url: `${PATH}?mcpName=weather&version=1.0.0` })).statusCode,
    ).toBe(200);
    expect((await get(`${PATH}?mcpName=weather`)).json().data.version).toBe('2.0.0');
    expect((await app.sdkHttp.inject({ method: 'DELETE', url: `${PATH}?mcpId=${id}` })).statusCode).toBe(200);
    expect((await get(`/v0/servers/${id}`)).statusCode).toBe(404);
    const audit = await app.core.audit.list({ action: 'ai.mcp.' }, 0, 10);
    expect(audit.items.map((e) => e.action).sort()).toEqual([
      'ai.mcp.create',
      'ai.mcp.delete',
      'ai.mcp.delete',
      'ai.mcp.update',
    ]);
  });

  it('answers nacos codes for what is missing, taken or malformed', async () => {
    const stdio = JSON.stringify({ name: 'local', protocol: 'stdio', version: '1.0.0' });
    expect((await send('POST', { serverSpecification: stdio })).statusCode).toBe(200);
    const taken = await send('POST', { serverSpecification: stdio });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 20005]);
    const missing = await get(`${PATH}?mcpName=nobody`);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 50000]);
    const noVersion = await get(`${PATH}?mcpName=local&version=9`);
    expect([noVersion.statusCode, noVersion.json().code]).toEqual([404, 50001]);
    expect((await get(PATH)).json().code).toBe(10000);
    expect((await get(`${PATH}/list?search=fuzzy`)).statusCode).toBe(400);
    const noEndpoint = await send('POST', { serverSpecification: server('1.0.0', { name: 'remote' }) });
    expect([noEndpoint.statusCode, noEndpoint.json().code]).toEqual([400, 10000]);
    const bad = await send('POST', { serverSpecification: '{"name":' });
    expect([bad.statusCode, bad.json().data]).toEqual([400, 'serverSpecification is not valid JSON']);
    const huge = await send('POST', { serverSpecification: stdio, toolSpecification: 'x'.repeat(1_100_000) });
    expect(huge.statusCode).toBe(400);
    // nested past what anything may walk: a clear 400 before it is parsed
    const nested = `{"tools":[{"name":"t","inputSchema":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}]}`;
    const deep = await send('POST', { serverSpecification: stdio, toolSpecification: nested });
    expect([deep.statusCode, deep.json().data]).toEqual([400, expect.stringContaining('JSON nesting depth (64)')]);
    expect((await get('/v0/servers?limit=101')).statusCode).toBe(400);
  });
});
