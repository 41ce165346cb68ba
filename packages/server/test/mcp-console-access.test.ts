import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, multipart, sessionFor } from './console-helpers.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { orderSpec, routeRule } from './mcp-fixtures.js';

/**
 * What the MCP console tells users about what they may not touch: guests never see auth keys or route
 * headers, and a developer of one namespace learns nothing about another namespace's servers beyond
 * "this server key is taken" (keys are global: they are the endpoint's path).
 */
describe('MCP console access', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  /** Server keys that name no namespace. */
  const keyOf: Record<string, string> = { nsA: 'orders', nsB: 'billing' };

  const consoleCall = (user: string, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) =>
    call(
      app.consoleHttp!,
      method,
      `v2/mcp/${path}`,
      method === 'GET'
        ? { token: tokens[user], query: body as Record<string, string> }
        : { token: tokens[user], json: body },
    );

  beforeAll(async () => {
    app = await buildTestApp();
    for (const ns of ['nsA', 'nsB']) await app.core.namespaces.add({ namespaceId: ns, namespaceName: ns });
    await app.core.auth.users.add({ username: 'guest', password: 'guest-password', roles: ['2'] });
    await app.core.auth.users.add({
      username: 'devA',
      password: 'devA-password',
      roles: ['1'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['nsA'] },
    });
    for (const user of ['admin', 'guest', 'devA']) tokens[user] = await sessionFor(app, user);
    for (const ns of ['nsA', 'nsB']) {
      const spec = { ...orderSpec('get_order'), namespace: ns };
      expect((await consoleCall('admin', 'POST', 'toolspec/add', spec)).json().success).toBe(true);
      const added = await consoleCall('admin', 'POST', 'server/add', {
        namespace: ns,
        uniqueKey: keyOf[ns],
        name: `server of ${ns}`,
        authKeys: [`secret-of-${ns}`],
        tools: [
          {
            toolName: 'get_order',
            namespace: ns,
            group: 'shop',
            routeRule: routeRule('/orders/{{id}}', { additionHeaders: { 'X-Token': `header-of-${ns}` } }),
          },
        ],
      });
      ids[ns] = added.json().data;
    }
  });
  afterAll(() => app?.dispose());

  it('never shows a guest an auth key or a route header: list, info, history, download', async () => {
    const answers = [
      (await consoleCall('guest', 'GET', 'server/list', { namespaceId: 'nsA' })).body,
      (await consoleCall('guest', 'GET', 'server/info', { id: String(ids.nsA) })).body,
      (await consoleCall('guest', 'GET', 'server/history', { id: String(ids.nsA) })).body,
    ];
    const download = await consoleCall('guest', 'GET', 'server/download', { namespaceId: 'nsA' });
    answers.push(...Object.values(unzipSync(download.rawPayload)).map((file) => strFromU8(file)));
    for (const answer of answers) {
      expect(answer).not.toContain('secret-of-nsA');
      expect(answer).not.toContain('header-of-nsA');
    }
    const info = (await consoleCall('guest', 'GET', 'server/info', { id: String(ids.nsA) })).json().data;
    expect(info).toMatchObject({ uniqueKey: 'orders', authKeys: [], authKeysHidden: true });
    expect(info.releaseValue.tools[0].routeRule.additionHeaders).toEqual({ 'X-Token': '******' });
    // who may change the server sees what it needs to
    const own = (await consoleCall('devA', 'GET', 'server/info', { id: String(ids.nsA) })).json().data;
    expect(own.authKeys).toEqual(['secret-of-nsA']);
    expect(own.authKeysHidden).toBeUndefined();
    expect(own.releaseValue.tools[0].routeRule.additionHeaders).toEqual({ 'X-Token': 'header-of-nsA' });
  });

  it('answers a server id of a namespace the caller may not see exactly as an id nobody holds', async () => {
    for (const [method, path] of [
      ['GET', 'server/info'],
      ['GET', 'server/history'],
      ['POST', 'server/publish'],
      ['POST', 'server/remove'],
    ] as const) {
      const hidden = (await consoleCall('devA', method, path, { id: String(ids.nsB) })).json();
      const missing = (await consoleCall('devA', method, path, { id: '999999' })).json();
      expect(hidden, path).toEqual({ ...missing, message: missing.message.replace('999999', String(ids.nsB)) });
      expect(hidden.code, path).toBe('NOT_FOUND');
    }
    expect(app.core.mcp.getServer(ids.nsB)).toBeDefined();
  });

  it('says only "taken" of a key held in another namespace, in the words it uses for a visible one', async () => {
    const add = (uniqueKey: string) =>
      consoleCall('devA', 'POST', 'server/add', { namespace: 'nsA', uniqueKey, name: 'x', authKeys: ['k'] });
    const elsewhere = (await add('billing')).json();
    const visible = (await add('orders')).json();
    expect(elsewhere).toEqual({ ...visible, message: visible.message.replace('orders', 'billing') });
    expect(elsewhere.code).toBe('CONFLICT');
    expect(elsewhere.message).not.toContain('nsB');

    // an import naming that key neither updates nor moves the other namespace's server
    const zip = (await consoleCall('admin', 'GET', 'server/download', { namespaceId: 'nsB' })).rawPayload;
    const body = multipart('file', 'servers.zip', zip, { namespace: 'nsA' });
    const imported = await app.consoleHttp!.inject({
      method: 'POST',
      url: '/rnacos/api/console/v2/mcp/server/import',
      cookies: { token: tokens.devA },
      payload: body.payload,
      headers: body.headers,
    });
    expect(imported.json()).toMatchObject({ code: 'PARTIAL_SUCCESS' });
    expect(imported.json().message).toContain(elsewhere.message);
    expect(imported.json().message).not.toContain('nsB');
    expect(app.core.mcp.getServer(ids.nsB)).toMatchObject({ namespace: 'nsB', name: 'server of nsB' });
  });

  it('does not name the servers of other namespaces that keep a tool spec in use', async () => {
    // a server of nsB (made by an admin) takes a spec of nsA
    await consoleCall('admin', 'POST', 'toolspec/add', { ...orderSpec('shared'), namespace: 'nsA' });
    const tool = { toolName: 'shared', namespace: 'nsA', group: 'shop', routeRule: routeRule('/x') };
    await consoleCall('admin', 'POST', 'server/add', {
      namespace: 'nsB',
      name: 'hidden user',
      authKeys: ['k'],
      tools: [tool],
    });
    const refused = (
      await consoleCall('devA', 'POST', 'toolspec/remove', { namespace: 'nsA', group: 'shop', toolName: 'shared' })
    ).json();
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).not.toContain('hidden user');
    expect(refused.message).toContain('1 MCP server(s) of other namespaces');
  });
});
