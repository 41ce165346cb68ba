import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { multipart, sessionFor } from './console-helpers.js';
import { buildTestApp, type TestApp } from './helpers.js';
import {
  consoleOk,
  mcpClient,
  orderSpec,
  routeRule,
  startEchoService,
  textOf,
  type Transport,
} from './mcp-fixtures.js';

/**
 * The MCP service end to end: a real HTTP service registered in the registry, a tool spec and an MCP
 * server defined through the console API, and the official MCP client listing and calling the tool over
 * both transports, with the errors a client must see as tool errors.
 */
describe('MCP service', () => {
  let app: TestApp;
  let base: string;
  let token: string;
  let echo: Awaited<ReturnType<typeof startEchoService>>;
  let serverId: number;
  const key = 'shop-server';

  beforeAll(async () => {
    echo = await startEchoService();
    // the echo service listens on loopback, which the outbound policy refuses unless allowed
    app = await buildTestApp({
      env: { RNACOS_MCP_HTTP_TIMEOUT_SECOND: '1', RNACOS_OUTBOUND_ALLOW_CIDRS: '127.0.0.1' },
    });
    base = (await app.listen()).http;
    token = await sessionFor(app, 'admin');
    // the service registers itself over the SDK's HTTP API, as a real one would
    const register = await fetch(
      `${base}/nacos/v1/ns/instance?serviceName=echo&ip=127.0.0.1&port=${echo.port}&ephemeral=false`,
      { method: 'POST' },
    );
    expect(await register.text()).toBe('ok');
    const console = app.consoleHttp!;
    await consoleOk(console, token, 'POST', 'toolspec/add', orderSpec('get_order'));
    await consoleOk(console, token, 'POST', 'toolspec/batch_update', [
      orderSpec('fail'),
      orderSpec('hang'),
      orderSpec('orphan'),
    ]);
    serverId = (await consoleOk(console, token, 'POST', 'server/add', {
      namespace: '',
      uniqueKey: key,
      name: 'shop',
      description: 'shop tools',
      authKeys: ['secret'],
      tools: [
        { toolName: 'get_order', namespace: '', group: 'shop', routeRule: routeRule('/orders/{{id}}') },
        { toolName: 'fail', namespace: '', group: 'shop', routeRule: routeRule('/fail') },
        { toolName: 'hang', namespace: '', group: 'shop', routeRule: routeRule('/hang') },
        {
          toolName: 'orphan',
          namespace: '',
          group: 'shop',
          routeRule: routeRule('/x', { serviceName: 'nobody-registered' }),
        },
      ],
    })) as number;
  });

  afterAll(async () => {
    await app?.dispose();
    await echo?.close();
  });

  for (const transport of ['streamable', 'sse'] as Transport[]) {
    describe(`over ${transport === 'sse' ? 'SSE' : 'streamable HTTP'}`, () => {
      it('lists the published tools with their input schema', async () => {
        const client = await mcpClient(base, transport, key, 'secret');
        try {
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name).sort()).toEqual(['fail', 'get_order', 'hang', 'orphan']);
          const getOrder = tools.find((t) => t.name === 'get_order')!;
          expect(getOrder.description).toBe('Looks up an order');
          expect(getOrder.inputSchema).toMatchObject({ type: 'object', required: ['id'] });
          expect(getOrder.inputSchema.properties).toHaveProperty('id');
        } finally {
          await client.close();
        }
      });

      it('calls the routed service on a registered instance and returns its body', async () => {
        const client = await mcpClient(base, transport, key, 'secret');
        try {
          const result = await client.callTool({ name: 'get_order', arguments: { id: 'A 17', verbose: true } });
          expect(result.isError).toBeFalsy();
          const seen = JSON.parse(textOf(result));
          expect(seen).toMatchObject({ method: 'POST', url: '/orders/A%2017' });
          expect(JSON.parse(seen.body)).toEqual({ id: 'A 17', verbose: true });
        } finally {
          await client.close();
        }
      });

      it('answers tool errors with a clear text for HTTP errors, timeouts and a service without instances', async () => {
        const client = await mcpClient(base, transport, key, 'secret');
        try {
          const failed = await client.callTool({ name: 'fail', arguments: { id: '1' } });
          expect(failed.isError).toBe(true);
          expect(textOf(failed)).toContain('HTTP 500');
          expect(textOf(failed)).toContain('boom');
          const hung = await client.callTool({ name: 'hang', arguments: { id: '1' } });
          expect(hung.isError).toBe(true);
          expect(textOf(hung)).toContain('no answer within 1 s');
          const orphan = await client.callTool({ name: 'orphan', arguments: { id: '1' } });
          expect(orphan.isError).toBe(true);
          expect(textOf(orphan)).toContain('no healthy instance of service public/DEFAULT_GROUP/nobody-registered');
        } finally {
          await client.close();
        }
      });

      it('refuses a wrong auth key and an unknown server key', async () => {
        await expect(mcpClient(base, transport, key, 'wrong')).rejects.toThrow();
        await expect(mcpClient(base, transport, 'no-such-server', 'secret')).rejects.toThrow();
      });
    });
  }

  it('refuses a wrong auth key and an unknown server alike, with 403', async () => {
    const post = (path: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    expect((await post(`/rnacos/mcp/${key}/wrong`)).status).toBe(403);
    expect((await post('/rnacos/mcp/nothing/secret')).status).toBe(403);
    expect((await fetch(`${base}/rnacos/mcp/sse/${key}/wrong`)).status).toBe(403);
  });

  it('refuses a message that is not UTF-8, or nested too deep to handle, before any tool is called', async () => {
    const send = (body: Blob | string) =>
      fetch(`${base}/rnacos/mcp/${key}/secret`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
    const call = (args: string) =>
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_order","arguments":${args}}}`;
    const notUtf8 = new Blob([call('{"text":"'), new Uint8Array([0xff, 0xfe]), '"}']);
    const refusedText = await send(notUtf8);
    expect(refusedText.status).toBe(400);
    expect(await refusedText.text()).toContain('UTF-8');
    const deep = await send(call(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`));
    expect(deep.status).toBe(413);
    expect(await deep.text()).toContain('depth');
    // a well-formed message is still served
    expect((await send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))).status).toBe(200);
  });

  it('serves an edit only once it is published, and an older version when that is published again', async () => {
    const console = app.consoleHttp!;
    const client = await mcpClient(base, 'streamable', key, 'secret');
    const called = async () => JSON.parse(textOf(await client.callTool({ name: 'get_order', arguments: { id: '9' } })));
    try {
      const info = (await consoleOk(console, token, 'GET', 'server/info', { id: String(serverId) })) as {
        currentValue: { tools: Array<{ toolName: string; group?: string; routeRule: unknown }> };
      };
      const tools = info.currentValue.tools.map((t) => ({
        toolName: t.toolName,
        namespace: '',
        group: 'shop',
        routeRule:
          t.toolName === 'get_order' ? routeRule('/v2/orders/{{id}}', { convertType: 'JSON_TO_URL' }) : t.routeRule,
      }));
      await consoleOk(console, token, 'POST', 'server/update', { id: serverId, tools });
      expect((await called()).url).toBe('/orders/9'); // the draft is not served yet
      await consoleOk(console, token, 'POST', 'server/publish', { id: serverId });
      expect((await called()).url).toBe('/v2/orders/9?id=9');
      const history = (await consoleOk(console, token, 'GET', 'server/history', { id: String(serverId) })) as {
        totalCount: number;
        list: Array<{ id: number }>;
      };
      expect(history.totalCount).toBe(2);
      const first = history.list[history.list.length - 1];
      await consoleOk(console, token, 'POST', 'server/publish/history', { id: serverId, historyValueId: first.id });
      expect((await called()).url).toBe('/orders/9');
    } finally {
      await client.close();
    }
  });

  it('refuses to remove a tool spec a server uses, with CONFLICT', async () => {
    const res = await app.consoleHttp!.inject({
      method: 'POST',
      url: '/rnacos/api/console/v2/mcp/toolspec/remove',
      cookies: { token },
      payload: { namespace: '', group: 'shop', toolName: 'get_order' },
    });
    expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(res.json().message).toContain('shop');
  });

  it('refuses bad input with PARAM_ERROR naming the field', async () => {
    const add = async (body: unknown) =>
      (
        await app.consoleHttp!.inject({
          method: 'POST',
          url: '/rnacos/api/console/v2/mcp/server/add',
          cookies: { token },
          payload: body as Record<string, unknown>,
        })
      ).json();
    expect(await add({ name: 'x', authKeys: [] })).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    const badMethod = await add({
      name: 'x',
      authKeys: ['k'],
      tools: [{ toolName: 'get_order', group: 'shop', namespace: '', routeRule: routeRule('/a', { method: 'TRACE' }) }],
    });
    expect(badMethod).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    expect(badMethod.message).toContain('tools[0].routeRule.method');
    const noSpec = await add({
      name: 'x',
      authKeys: ['k'],
      tools: [{ toolName: 'missing', group: 'shop', namespace: '', routeRule: routeRule('/a') }],
    });
    expect(noSpec).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    expect(noSpec.message).toContain('no tool spec public:shop:missing');
  });

  it('tries a tool from the console as a client would call it', async () => {
    const outcome = (await consoleOk(app.consoleHttp!, token, 'POST', 'server/tool/call', {
      id: serverId,
      toolName: 'get_order',
      arguments: { id: '5' },
    })) as { isError: boolean; text: string; status: number; instance: string };
    expect(outcome).toMatchObject({ isError: false, status: 200, instance: `127.0.0.1:${echo.port}` });
    expect(JSON.parse(outcome.text).url).toBe('/orders/5');
  });
  it('downloads tool specs and servers as r-nacos YAML zips that import again', async () => {
    const console = app.consoleHttp!;
    const download = (what: string) =>
      console.inject({ method: 'GET', url: `/rnacos/api/console/v2/mcp/${what}/download`, cookies: { token } });
    const upload = (what: string, zip: Buffer, namespace: string) => {
      const body = multipart('file', `${what}.zip`, zip, { namespace });
      return console.inject({
        method: 'POST',
        url: `/rnacos/api/console/v2/mcp/${what}/import`,
        cookies: { token },
        payload: body.payload,
        headers: body.headers,
      });
    };
    await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'dev' });
    const specs = await download('toolspec');
    expect(Object.keys(unzipSync(specs.rawPayload))).toContain('shop_get_order.yaml');
    expect((await upload('toolspec', specs.rawPayload, 'dev')).json()).toMatchObject({ success: true });
    const copied = app.core.mcp.getSpec({ namespace: 'dev', group: 'shop', toolName: 'get_order' });
    expect(copied?.versions.at(-1)?.function.inputSchema).toMatchObject({ required: ['id'] });

    const servers = await download('server');
    expect(Object.keys(unzipSync(servers.rawPayload))).toEqual([`${key}.yaml`]);
    const imported = await upload('server', servers.rawPayload, '');
    expect(imported.json()).toMatchObject({ success: true, data: '0 servers created, 1 servers updated' });
  });
});
