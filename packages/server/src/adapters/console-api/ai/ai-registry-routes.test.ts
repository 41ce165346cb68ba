import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, consoleAppWithAdmin, sessionFor, type ConsoleApp } from '../../../../test/console-helpers.js';
import { form } from '../../../../test/helpers.js';

/*
 * The console's view of the nacos 3 AI registry: what clients and admins register through the v3 admin API
 * is listed, shown and deleted here, under the console's roles and namespace privileges.
 */

const MCP = '/nacos/v3/admin/ai/mcp';
const A2A = '/nacos/v3/admin/ai/a2a';

const serverSpec = (name: string, version: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    name,
    protocol: 'mcp-sse',
    description: `${name} forecasts`,
    versionDetail: { version },
    remoteServerConfig: { exportPath: '/sse' },
    ...extra,
  });
const toolSpec = JSON.stringify({
  tools: [
    { name: 'forecast', description: 'the weather ahead', inputSchema: { type: 'object' } },
    { name: 'history', description: 'past weather', inputSchema: { type: 'object' } },
  ],
  toolsMeta: { history: { enabled: false } },
});
const direct = (port: number) =>
  JSON.stringify({ type: 'DIRECT', data: { address: '10.2.2.2', port, transportProtocol: 'http' } });
const card = (name: string, version: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    name,
    version,
    description: `${name} plans trips`,
    protocolVersion: '0.3.0',
    preferredTransport: 'JSONRPC',
    url: `http://${name}.example:8080/a2a`,
    skills: [{ id: 'plan', name: 'Plan a trip', description: 'd', tags: ['travel'] }],
    ...extra,
  });

describe('console AI registry routes', () => {
  let app: ConsoleApp;
  let admin: string;
  let guest: string;
  let devOnlyDev: string;
  let weatherId: string;

  /** Through the real v3 admin API, as an admin or a client would. */
  const v3 = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string>) => {
    const res = await app.sdkHttp.inject({ method, url, ...form(fields) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: string }>().data;
  };
  const get = (path: string, query: Record<string, string>, token = admin) =>
    call(app.console, 'GET', path, { token, query });
  const post = (path: string, json: unknown, token = admin) => call(app.console, 'POST', path, { token, json });

  beforeAll(async () => {
    ({ app, admin } = await consoleAppWithAdmin());
    await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'dev' });
    await app.core.auth.users.add({ username: 'guest', password: 'guest-password', roles: ['2'] });
    await app.core.auth.users.add({
      username: 'devOnlyDev',
      password: 'dev-password',
      roles: ['1'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['dev'] },
    });
    guest = await sessionFor(app, 'guest');
    devOnlyDev = await sessionFor(app, 'devOnlyDev');

    weatherId = await v3('POST', MCP, {
      serverSpecification: serverSpec('weather', '1.0.0'),
      toolSpecification: toolSpec,
      endpointSpecification: direct(9000),
    });
    await v3('PUT', MCP, {
      serverSpecification: serverSpec('weather', '2.0.0', { description: 'more forecasts' }),
      endpointSpecification: direct(9001),
      latest: 'false',
    });
    await v3('POST', MCP, {
      serverSpecification: JSON.stringify({
        name: 'local-files',
        protocol: 'stdio',
        versionDetail: { version: '0.1' },
      }),
    });
    await v3('POST', `${MCP}?namespaceId=dev`, {
      serverSpecification: serverSpec('weather-dev', '1.0.0'),
      endpointSpecification: direct(9100),
    });
    await v3('POST', A2A, { agentCard: card('travel-planner', '1.0.0'), registrationType: 'SERVICE' });
    await v3('PUT', A2A, { agentCard: card('travel-planner', '2.0.0', { description: 'plans more' }) });
    await v3('POST', A2A, { agentCard: card('translator', '1.0.0') });
    await v3('POST', `${A2A}?namespaceId=dev`, { agentCard: card('dev-agent', '1.0.0') });
    // an endpoint registered by the agent's instances (nacos keeps them in `agent-endpoints`, `name::version`)
    await app.core.naming.registerInstance(
      { namespaceId: 'public', groupName: 'agent-endpoints', serviceName: 'travel-planner::1.0.0' },
      {
        ip: '10.3.3.3',
        port: 8443,
        ephemeral: false,
        metadata: {
          '__nacos.agent.endpoint.path__': '/a2a',
          '__nacos.agent.endpoint.transport__': 'JSONRPC',
          '__nacos.agent.endpoint.supportTls__': 'true',
        },
      },
    );
  });
  afterAll(() => app.dispose());

  it('lists the MCP servers clients registered in a namespace, by part of the name, paged', async () => {
    const all = (await get('v2/ai/mcp/list', { namespaceId: '' })).json();
    expect(all.success).toBe(true);
    expect(all.data.totalCount).toBe(2);
    expect(all.data.list.map((s: { name: string }) => s.name)).toEqual(['local-files', 'weather']);
    expect(all.data.list[1]).toEqual({
      id: weatherId,
      namespaceId: 'public',
      name: 'weather',
      description: 'weather forecasts',
      protocol: 'mcp-sse',
      enabled: true,
      latestVersion: '1.0.0',
      versionCount: 2,
      toolCount: 2,
      releaseDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    // "public" is the default namespace too
    expect((await get('v2/ai/mcp/list', { namespaceId: 'public' })).json().data.totalCount).toBe(2);
    const filtered = (await get('v2/ai/mcp/list', { namespaceId: '', nameFilter: 'eath' })).json().data;
    expect(filtered.list.map((s: { name: string }) => s.name)).toEqual(['weather']);
    const page2 = (await get('v2/ai/mcp/list', { namespaceId: '', pageNo: '2', pageSize: '1' })).json().data;
    expect(page2).toMatchObject({ totalCount: 2, list: [{ name: 'weather' }] });
    const dev = (await get('v2/ai/mcp/list', { namespaceId: 'dev' })).json().data;
    expect(dev.list.map((s: { name: string }) => s.name)).toEqual(['weather-dev']);
  });

  it('shows one version of a server: its versions, endpoints from the naming service, tools and nacos document', async () => {
    const latest = (await get('v2/ai/mcp/info', { namespaceId: '', id: weatherId })).json().data;
    expect(latest).toMatchObject({
      id: weatherId,
      namespaceId: 'public',
      name: 'weather',
      version: '1.0.0',
      latestVersion: '1.0.0',
      protocol: 'mcp-sse',
      enabled: true,
      capabilities: ['TOOL'],
      serviceRef: { namespaceId: 'public', groupName: 'mcp-endpoints', serviceName: 'weather::1.0.0' },
      backendEndpoints: [{ protocol: 'http', address: '10.2.2.2', port: 9000, path: '/sse' }],
      tools: [
        { name: 'forecast', description: 'the weather ahead', enabled: true, inputSchema: { type: 'object' } },
        { name: 'history', enabled: false },
      ],
      document: { id: weatherId, toolSpec: { tools: [{ name: 'forecast' }, { name: 'history' }] } },
    });
    expect(latest.versions).toEqual([
      { version: '1.0.0', releaseDate: expect.any(String), latest: true },
      { version: '2.0.0', releaseDate: '', latest: false },
    ]);
    // what the v3 admin API answers for the version is the document shown
    const nacos = (await app.sdkHttp.inject({ method: 'GET', url: `${MCP}?mcpId=${weatherId}` })).json().data;
    expect(latest.document).toEqual(JSON.parse(JSON.stringify(nacos)));

    const second = (await get('v2/ai/mcp/info', { namespaceId: '', name: 'weather', version: '2.0.0' })).json().data;
    expect(second).toMatchObject({ version: '2.0.0', description: 'more forecasts', tools: [] });
    expect(second.backendEndpoints).toEqual([{ protocol: 'http', address: '10.2.2.2', port: 9001, path: '/sse' }]);

    const stdio = (await get('v2/ai/mcp/info', { namespaceId: '', name: 'local-files' })).json().data;
    expect(stdio).toMatchObject({ protocol: 'stdio', serviceRef: null, backendEndpoints: [], frontendEndpoints: [] });
  });

  it('answers NOT_FOUND for a server of another namespace, a missing version or an id and name that disagree', async () => {
    const expectNotFound = async (query: Record<string, string>) =>
      expect((await get('v2/ai/mcp/info', query)).json(), JSON.stringify(query)).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
      });
    await expectNotFound({ namespaceId: 'dev', id: weatherId });
    await expectNotFound({ namespaceId: '', name: 'weather-dev' });
    await expectNotFound({ namespaceId: '', id: weatherId, version: '9.9' });
    await expectNotFound({ namespaceId: '', id: weatherId, name: 'local-files' });
    await expectNotFound({ namespaceId: '', id: '00000000-0000-0000-0000-000000000000' });
    expect((await get('v2/ai/mcp/info', { namespaceId: '' })).json()).toMatchObject({ code: 'PARAM_ERROR' });
    expect((await get('v2/ai/a2a/info', { namespaceId: '', name: 'nobody' })).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lists and shows agents: versions, the card as stored, skills and the endpoints their instances registered', async () => {
    const list = (await get('v2/ai/a2a/list', { namespaceId: '', nameFilter: 'planner' })).json().data;
    expect(list).toEqual({
      totalCount: 1,
      list: [
        {
          namespaceId: 'public',
          name: 'travel-planner',
          description: 'travel-planner plans trips',
          latestVersion: '1.0.0',
          version: '1.0.0',
          versionCount: 2,
          registrationType: 'SERVICE',
          protocolVersion: '0.3.0',
          skillCount: 1,
          updatedAt: expect.stringMatching(/^\d{4}-/),
        },
      ],
    });
    expect((await get('v2/ai/a2a/list', { namespaceId: '' })).json().data.totalCount).toBe(2);

    const detail = (await get('v2/ai/a2a/info', { namespaceId: '', name: 'travel-planner' })).json().data;
    expect(detail).toMatchObject({
      name: 'travel-planner',
      version: '1.0.0',
      latestVersion: '1.0.0',
      registrationType: 'SERVICE',
      // the card's own url, not an endpoint picked for a client
      url: 'http://travel-planner.example:8080/a2a',
      preferredTransport: 'JSONRPC',
      skills: [{ id: 'plan', name: 'Plan a trip', description: 'd', tags: ['travel'] }],
      endpoints: [{ url: 'https://10.3.3.3:8443/a2a', transport: 'JSONRPC' }],
      card: { name: 'travel-planner', url: 'http://travel-planner.example:8080/a2a', latestVersion: true },
    });
    expect(detail.versions.map((v: { version: string; latest: boolean }) => [v.version, v.latest])).toEqual([
      ['1.0.0', true],
      ['2.0.0', false],
    ]);
    const second = (await get('v2/ai/a2a/info', { namespaceId: '', name: 'travel-planner', version: '2.0.0' })).json();
    expect(second.data).toMatchObject({ version: '2.0.0', description: 'plans more', endpoints: [] });
  });

  it('deletes a version, then the whole server or agent, each with a console audit row', async () => {
    const before = await v3('POST', MCP, {
      serverSpecification: serverSpec('to-delete', '1.0.0'),
      endpointSpecification: direct(9200),
    });
    await v3('PUT', MCP, {
      serverSpecification: serverSpec('to-delete', '1.1.0'),
      endpointSpecification: direct(9201),
    });
    expect((await post('v2/ai/mcp/remove', { namespaceId: '', id: before, version: '1.0.0' })).json()).toMatchObject({
      success: true,
      data: true,
    });
    expect(app.core.mcpRegistry.byId(before)?.versions.map((v) => v.version)).toEqual(['1.1.0']);
    expect((await post('v2/ai/mcp/remove', { namespaceId: '', id: before, name: 'to-delete' })).json().data).toBe(true);
    expect(app.core.mcpRegistry.byId(before)).toBeUndefined();
    // the DIRECT endpoints' own services went with the versions
    expect(
      app.core.naming.listInstances({
        namespaceId: 'public',
        groupName: 'mcp-endpoints',
        serviceName: 'to-delete::1.1.0',
      }),
    ).toEqual([]);
    expect((await post('v2/ai/mcp/remove', { namespaceId: '', id: before })).json()).toMatchObject({
      code: 'NOT_FOUND',
    });

    await v3('POST', A2A, { agentCard: card('gone-agent', '1.0.0') });
    await v3('PUT', A2A, { agentCard: card('gone-agent', '2.0.0') });
    expect(
      (await post('v2/ai/a2a/remove', { namespaceId: '', name: 'gone-agent', version: '3.0.0' })).json(),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(
      (await post('v2/ai/a2a/remove', { namespaceId: '', name: 'gone-agent', version: '2.0.0' })).json().data,
    ).toBe(true);
    expect(app.core.agentRegistry.find('public', 'gone-agent')?.versions.map((v) => v.version)).toEqual(['1.0.0']);
    expect((await post('v2/ai/a2a/remove', { namespaceId: 'public', name: 'gone-agent' })).json().data).toBe(true);
    expect(app.core.agentRegistry.find('public', 'gone-agent')).toBeUndefined();

    const mcpAudit = (await app.core.audit.list({ action: 'ai.mcp.delete' }, 0, 10)).items;
    expect(mcpAudit.map((e) => [e.door, e.username, e.outcome, e.target])).toEqual([
      ['console', 'admin', 'refused', `id=${before}`],
      ['console', 'admin', 'ok', `id=${before} name=to-delete`],
      ['console', 'admin', 'ok', `id=${before} version=1.0.0`],
    ]);
    const agentAudit = (await app.core.audit.list({ action: 'ai.a2a.delete' }, 0, 10)).items;
    expect(agentAudit.map((e) => [e.door, e.namespaceId, e.outcome, e.target])).toEqual([
      ['console', 'public', 'ok', 'name=gone-agent'],
      ['console', '', 'ok', 'name=gone-agent version=2.0.0'],
      ['console', '', 'refused', 'name=gone-agent version=3.0.0'],
    ]);
  });

  it('lets a guest read but not delete, and refuses a namespace the user may not touch', async () => {
    expect((await get('v2/ai/mcp/list', { namespaceId: '' }, guest)).json().data.totalCount).toBe(2);
    expect((await get('v2/ai/a2a/info', { namespaceId: '', name: 'translator' }, guest)).json().success).toBe(true);
    for (const [path, json] of [
      ['v2/ai/mcp/remove', { namespaceId: '', id: weatherId }],
      ['v2/ai/a2a/remove', { namespaceId: '', name: 'translator' }],
    ] as const) {
      const refused = await post(path, json, guest);
      expect(refused.json(), path).toMatchObject({ success: false, code: 'NO_PERMISSION' });
      expect(refused.headers['no-permission']).toBe('1');
    }
    expect(app.core.mcpRegistry.byId(weatherId)).toBeDefined();
    expect(app.core.agentRegistry.find('public', 'translator')).toBeDefined();

    // a developer of `dev` only: public is refused for reads and writes, dev is theirs
    for (const [method, path, fields] of [
      ['GET', 'v2/ai/mcp/list', { namespaceId: '' }],
      ['GET', 'v2/ai/mcp/info', { namespaceId: 'public', id: weatherId }],
      ['GET', 'v2/ai/a2a/list', { namespaceId: 'public' }],
      ['GET', 'v2/ai/a2a/info', { namespaceId: '', name: 'translator' }],
      ['POST', 'v2/ai/mcp/remove', { namespaceId: '', id: weatherId }],
      ['POST', 'v2/ai/a2a/remove', { namespaceId: '', name: 'translator' }],
    ] as const) {
      const res = method === 'GET' ? await get(path, fields, devOnlyDev) : await post(path, fields, devOnlyDev);
      expect(res.json(), `${path} ${JSON.stringify(fields)}`).toMatchObject({
        success: false,
        code: 'NO_NAMESPACE_PERMISSION',
      });
    }
    expect(app.core.mcpRegistry.byId(weatherId)).toBeDefined();
    expect(app.core.agentRegistry.find('public', 'translator')).toBeDefined();
    expect((await get('v2/ai/a2a/list', { namespaceId: 'dev' }, devOnlyDev)).json().data.totalCount).toBe(1);
    const refusedAudit = (await app.core.audit.list({ action: 'ai.a2a.delete' }, 0, 10)).items;
    expect(refusedAudit[0]).toMatchObject({ username: 'devOnlyDev', outcome: 'refused' });
    expect(refusedAudit[0].reason).toMatch(/^NO_NAMESPACE_PERMISSION/);
  });

  it('bounds its inputs: names, versions, page sizes and the namespace', async () => {
    const bad = async (path: string, query: Record<string, string>) =>
      expect((await get(path, query)).json(), `${path} ${JSON.stringify(query)}`).toMatchObject({
        success: false,
        code: 'PARAM_ERROR',
      });
    await bad('v2/ai/mcp/list', { namespaceId: '', nameFilter: 'x'.repeat(257) });
    await bad('v2/ai/a2a/list', { namespaceId: '', nameFilter: 'x'.repeat(257) });
    await bad('v2/ai/mcp/list', { namespaceId: '', pageSize: '1001' });
    await bad('v2/ai/a2a/list', { namespaceId: '', pageNo: '0' });
    await bad('v2/ai/mcp/list', { namespaceId: 'no such/namespace' });
    await bad('v2/ai/mcp/info', { namespaceId: '', id: 'x'.repeat(65) });
    await bad('v2/ai/mcp/info', { namespaceId: '', id: weatherId, version: 'v'.repeat(65) });
    await bad('v2/ai/a2a/info', { namespaceId: '', name: 'n'.repeat(257) });
    await bad('v2/ai/a2a/info', { namespaceId: '' });
    expect((await post('v2/ai/a2a/remove', { namespaceId: '' })).json()).toMatchObject({ code: 'PARAM_ERROR' });
    expect((await get('v2/ai/mcp/list', { namespaceId: '', pageSize: '1000' })).json().success).toBe(true);
  });

  it('tells the console which users may see and change the AI registry (web resources)', async () => {
    const resources = async (token: string) =>
      (await get('v2/user/web_resources', {}, token)).json().data.resources as string[];
    const ofGuest = await resources(guest);
    expect(ofGuest).toEqual(expect.arrayContaining(['/manage/ai/mcp', '/manage/ai/a2a']));
    expect(ofGuest).not.toContain('AI_REGISTRY_UPDATE');
    expect(await resources(devOnlyDev)).toEqual(
      expect.arrayContaining(['/manage/ai/mcp', '/manage/ai/a2a', 'AI_REGISTRY_UPDATE']),
    );
  });
});
