import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_DEVELOPER } from '../src/core/auth/user-model.js';
import { OutboundPolicy } from '../src/core/outbound/outbound-policy.js';
import { hostInterfaces } from '../src/shared/host-interfaces.js';
import { call, multipart, sessionFor } from './console-helpers.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { consoleOk, mcpClient, orderSpec, routeRule, startEchoService, textOf } from './mcp-fixtures.js';

/**
 * MCP tool calls under the outbound policy, end to end: what a developer may route tools to, and where the
 * server refuses to connect whoever saved the route (the console, the SDK port, loopback, cloud metadata).
 */

/** A non-loopback address of this machine that the default policy allows, for an instance that must work. */
const host = hostInterfaces();
const policy = new OutboundPolicy();
const HOST_ADDRESS = Object.values(host.interfaces)
  .flatMap((list) => list ?? [])
  .find((i) => !i.internal && policy.judge(i.address, 80) === null)?.address;
if (!HOST_ADDRESS) {
  console.log(
    'mcp-outbound: skipping the host-address instance test: ' +
      (host.error
        ? `this host's interfaces cannot be listed (${host.error})`
        : 'this machine has no address besides loopback and link-local ones'),
  );
}

type Echo = Awaited<ReturnType<typeof startEchoService>>;
const tool = (toolName: string, url: string, serviceName = 'echo') => ({
  toolName,
  namespace: '',
  group: 'shop',
  routeRule: routeRule(url, { serviceName }),
});

describe('MCP tool calls under the outbound policy', () => {
  let app: TestApp;
  let base: string;
  let consolePort: number;
  let admin: string;
  let developer: string;
  let loopEcho: Echo;
  let hostEcho: Echo | undefined;

  const register = async (serviceName: string, ip: string, port: number) => {
    const res = await fetch(
      `${base}/nacos/v1/ns/instance?serviceName=${serviceName}&ip=${ip}&port=${port}&ephemeral=false`,
      { method: 'POST' },
    );
    expect(await res.text()).toBe('ok');
  };
  const addServer = (token: string, uniqueKey: string, tools: unknown[]) =>
    call(app.consoleHttp!, 'POST', 'v2/mcp/server/add', {
      token,
      json: { namespace: '', uniqueKey, name: uniqueKey, authKeys: ['k'], tools },
    });
  const callTool = async (serverKey: string, name: string) => {
    const client = await mcpClient(base, 'streamable', serverKey, 'k');
    try {
      return await client.callTool({ name, arguments: { id: '1' } });
    } finally {
      await client.close();
    }
  };
  const tryInConsole = async (token: string, serverKey: string, toolName: string) => {
    const id = app.core.mcp.getServerByKey(serverKey)!.id;
    return (await consoleOk(app.consoleHttp!, token, 'POST', 'server/tool/call', {
      id,
      toolName,
      arguments: { id: '1' },
    })) as { isError: boolean; text: string; status: number | null };
  };

  beforeAll(async () => {
    loopEcho = await startEchoService('127.0.0.1');
    if (HOST_ADDRESS) hostEcho = await startEchoService(HOST_ADDRESS);
    app = await buildTestApp();
    const urls = await app.listen();
    base = urls.http;
    consolePort = Number(new URL(urls.console!).port);
    await app.core.auth.users.add({ username: 'dev', password: 'dev-password-1', roles: [ROLE_DEVELOPER] });
    admin = await sessionFor(app, 'admin');
    developer = await sessionFor(app, 'dev');
    for (const name of ['read_users', 'loop', 'metadata', 'get_order']) {
      await consoleOk(app.consoleHttp!, admin, 'POST', 'toolspec/add', orderSpec(name));
    }
  });

  afterAll(async () => {
    await app?.dispose();
    await loopEcho?.close();
    await hostEcho?.close();
  });

  it('refuses absolute route URLs a developer saves (add, update, import), with a clear console error', async () => {
    const absolute = `http://127.0.0.1:${consolePort}/rnacos/api/console/v2/user/list`;
    const added = (await addServer(developer, 'dev-absolute', [tool('read_users', absolute)])).json();
    expect(added).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    expect(added.message).toContain(`tools[0].routeRule.url: only an admin may route a tool to an absolute URL`);
    expect(added.message).toContain(absolute);

    const ok = (await addServer(developer, 'dev-paths', [tool('read_users', '/orders/{{id}}')])).json();
    expect(ok).toMatchObject({ success: true });
    const updated = await call(app.consoleHttp!, 'POST', 'v2/mcp/server/update', {
      token: developer,
      json: { id: ok.data, tools: [tool('read_users', 'http://gateway.test/?to={IP_PORT}')] },
    });
    expect(updated.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });

    const yaml =
      'uniqueKey: dev-import\nname: imported\nauthKeys: [k]\ntools:\n' +
      '  - toolName: metadata\n    toolGroup: shop\n    routeRule:\n' +
      '      url: http://169.254.169.254/latest/meta-data/\n      method: GET\n';
    const zip = Buffer.from(zipSync({ 'dev-import.yaml': strToU8(yaml) }));
    const body = multipart('file', 'servers.zip', zip, { namespace: '' });
    const imported = await app.consoleHttp!.inject({
      method: 'POST',
      url: '/rnacos/api/console/v2/mcp/server/import',
      cookies: { token: developer },
      payload: body.payload,
      headers: body.headers,
    });
    expect(imported.json()).toMatchObject({ success: false, code: 'PARTIAL_SUCCESS' });
    expect(imported.json().message).toContain('only an admin may route a tool to an absolute URL');
    expect(app.core.mcp.getServerByKey('dev-import')).toBeUndefined();
  });

  it("refuses a developer's tools routed to instances at the console port and on loopback, without connecting", async () => {
    // anyone who may register an instance can point a routed service anywhere: the call is judged, not the save
    await register('console-door', '127.0.0.1', consolePort);
    await register('loop', '127.0.0.1', loopEcho.port);
    const saved = await addServer(developer, 'dev-instances', [
      tool('read_users', '/rnacos/api/console/v2/user/list', 'console-door'),
      tool('loop', '/echo', 'loop'),
    ]);
    expect(saved.json()).toMatchObject({ success: true });
    const before = loopEcho.connections();

    const consoleCall = await callTool('dev-instances', 'read_users');
    expect(consoleCall.isError).toBe(true);
    expect(textOf(consoleCall)).toContain(
      `127.0.0.1:${consolePort} is refused by the outbound policy (this server's console port); no setting widens it`,
    );
    const loopCall = await callTool('dev-instances', 'loop');
    expect(loopCall.isError).toBe(true);
    expect(textOf(loopCall)).toContain(
      `127.0.0.1:${loopEcho.port} is refused by the outbound policy (loopback); RNACOS_OUTBOUND_ALLOW_CIDRS widens it`,
    );
    // the console's "try a tool" answers the same
    const tried = await tryInConsole(developer, 'dev-instances', 'loop');
    expect(tried).toMatchObject({ isError: true, status: null });
    expect(tried.text).toContain('refused by the outbound policy (loopback)');
    expect(loopEcho.connections()).toBe(before);
  });

  it("lets an admin save absolute URLs, and still refuses the call to the server's own ports or metadata", async () => {
    const saved = await addServer(admin, 'admin-absolute', [
      tool('read_users', `http://2130706433:${consolePort}/rnacos/api/console/v2/user/list`),
      tool('metadata', 'http://169.254.169.254/latest/meta-data/'),
      tool('loop', `http://[::ffff:127.0.0.1]:${Number(new URL(base).port)}/nacos/v1/ns/service/list`),
    ]);
    expect(saved.json()).toMatchObject({ success: true });
    expect(textOf(await callTool('admin-absolute', 'read_users'))).toContain("(this server's console port)");
    expect(textOf(await callTool('admin-absolute', 'metadata'))).toContain(
      '169.254.169.254:80 is refused by the outbound policy (cloud metadata)',
    );
    expect(textOf(await callTool('admin-absolute', 'loop'))).toContain("(this server's HTTP port)");
    // a developer may save that server again as it is: the admin chose those URLs
    const server = app.core.mcp.getServerByKey('admin-absolute')!;
    const resaved = await call(app.consoleHttp!, 'POST', 'v2/mcp/server/update', {
      token: developer,
      json: {
        id: server.id,
        description: 'edited by a developer',
        tools: server.current.tools.map((t) => ({ ...tool(t.toolName, t.routeRule.url), toolVersion: t.toolVersion })),
      },
    });
    expect(resaved.json()).toMatchObject({ success: true });
  });

  it.skipIf(!HOST_ADDRESS)('calls an instance on a non-loopback address of this host', async () => {
    await register('host-echo', HOST_ADDRESS!, hostEcho!.port);
    const saved = await addServer(developer, 'dev-host', [tool('get_order', '/orders/{{id}}', 'host-echo')]);
    expect(saved.json()).toMatchObject({ success: true });
    const result = await callTool('dev-host', 'get_order');
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(textOf(result))).toMatchObject({ method: 'POST', url: '/orders/1' });
    const tried = await tryInConsole(developer, 'dev-host', 'get_order');
    expect(tried).toMatchObject({ isError: false, status: 200 });
  });
});

describe('RNACOS_OUTBOUND_ALLOW_CIDRS', () => {
  it('lets tool calls reach a loopback sidecar, while the console port stays refused and redirects stay unfollowed', async () => {
    const echo = await startEchoService('127.0.0.1');
    const app = await buildTestApp({ env: { RNACOS_OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8' } });
    try {
      const urls = await app.listen();
      const consolePort = Number(new URL(urls.console!).port);
      const naming = app.core.naming;
      const key = (serviceName: string) => ({ namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName });
      await naming.registerInstance(key('sidecar'), { ip: '127.0.0.1', port: echo.port, ephemeral: false });
      await naming.registerInstance(key('console-door'), { ip: '127.0.0.1', port: consolePort, ephemeral: false });
      const admin = await sessionFor(app, 'admin');
      await consoleOk(app.consoleHttp!, admin, 'POST', 'toolspec/add', orderSpec('get_order'));
      await consoleOk(app.consoleHttp!, admin, 'POST', 'toolspec/add', orderSpec('read_users'));
      await consoleOk(app.consoleHttp!, admin, 'POST', 'toolspec/add', orderSpec('metadata'));
      await consoleOk(app.consoleHttp!, admin, 'POST', 'server/add', {
        namespace: '',
        uniqueKey: 'sidecar',
        name: 'sidecar',
        authKeys: ['k'],
        tools: [
          tool('get_order', '/orders/{{id}}', 'sidecar'),
          tool('read_users', '/rnacos/', 'console-door'),
          tool('metadata', '/redirect', 'sidecar'),
        ],
      });
      const client = await mcpClient(urls.http, 'streamable', 'sidecar', 'k');
      try {
        const ok = await client.callTool({ name: 'get_order', arguments: { id: '7' } });
        expect(ok.isError).toBeFalsy();
        expect(JSON.parse(textOf(ok)).url).toBe('/orders/7');
        const own = await client.callTool({ name: 'read_users', arguments: { id: '7' } });
        expect(own.isError).toBe(true);
        expect(textOf(own)).toContain("(this server's console port); no setting widens it");
        // a redirect is the tool's answer, not followed to where it points
        const redirected = await client.callTool({ name: 'metadata', arguments: { id: '7' } });
        expect(redirected.isError).toBe(true);
        expect(textOf(redirected)).toContain('HTTP 302 from 127.0.0.1:');
      } finally {
        await client.close();
      }
    } finally {
      await app.dispose();
      await echo.close();
    }
  });
});
