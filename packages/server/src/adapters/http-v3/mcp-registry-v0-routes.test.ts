import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';

/** The open MCP Registry API in the registry's own shape (its OpenAPI `ServerList` and `ServerResponse`). */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  const release = (method: 'POST' | 'PUT', name: string, version: string, address: string) =>
    app.sdkHttp.inject(
      Object.assign(
        { method, url: '/nacos/v3/admin/ai/mcp' },
        form({
          serverSpecification: JSON.stringify({
            name,
            protocol: 'mcp-streamable',
            description: `${name} tools`,
            versionDetail: { version },
            remoteServerConfig: { exportPath: '/mcp' },
          }),
          endpointSpecification: JSON.stringify({ type: 'DIRECT', data: { address, port: 8080 } }),
        }),
      ),
    );
  for (const res of [
    await release('POST', 'alpha', '1.0.0', '10.9.0.1'),
    await release('PUT', 'alpha', '1.1.0', '10.9.0.1'),
    await release('POST', 'beta', '0.1.0', '10.9.0.2'),
  ]) {
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => app.dispose());

const get = async (url: string) => {
  const res = await app.sdkHttp.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};
const official = (isLatest: boolean) => ({
  'io.modelcontextprotocol.registry/official': {
    status: 'active',
    publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    updatedAt: expect.any(String),
    isLatest,
  },
});
const alpha = (version: string, isLatest: boolean) => ({
  server: {
    name: 'alpha',
    description: 'alpha tools',
    version,
    remotes: [{ type: 'streamable-http', url: 'http://10.9.0.1:8080/mcp' }],
  },
  _meta: official(isLatest),
});

describe('/v0.1/servers (MCP Registry API)', () => {
  it('lists each server once, its latest version as {server, _meta}, and pages by cursor', async () => {
    const all = await get('/v0.1/servers');
    expect(all.body.metadata).toEqual({ count: 2 });
    expect(all.body.servers.map((s: { server: { name: string } }) => s.server.name)).toEqual(['alpha', 'beta']);
    expect(all.body.servers[0]).toEqual(alpha('1.1.0', true));

    const first = await get('/v0/servers?limit=1');
    expect(first.body).toMatchObject({
      servers: [{ server: { name: 'alpha' } }],
      metadata: { nextCursor: '1', count: 1 },
    });
    const second = await get('/v0/servers?limit=1&cursor=1');
    expect(second.body).toEqual({
      servers: [expect.objectContaining({ server: expect.anything() })],
      metadata: { count: 1 },
    });
    expect(second.body.servers[0].server.name).toBe('beta');

    expect((await get('/v0.1/servers?search=lph')).body.metadata.count).toBe(1);
    expect((await get('/v0.1/servers?version=1.0.0')).body.servers).toEqual([alpha('1.0.0', false)]);
  });

  it('reads a server by name: one version, the latest, every version', async () => {
    expect((await get('/v0.1/servers/alpha/versions/latest')).body).toEqual(alpha('1.1.0', true));
    expect((await get('/v0/servers/alpha/versions/1.0.0')).body).toEqual(alpha('1.0.0', false));
    expect((await get('/v0.1/servers/alpha/versions')).body).toEqual({
      servers: [alpha('1.1.0', true), alpha('1.0.0', false)],
      metadata: { count: 2 },
    });
  });

  it('answers {error} with 404 for what is missing and 400 for a bad cursor or limit', async () => {
    for (const url of ['/v0.1/servers/nobody/versions', '/v0.1/servers/alpha/versions/9.9.9', '/v0/servers/x']) {
      expect(await get(url)).toEqual({ status: 404, body: { error: 'Server not found' } });
    }
    expect((await get('/v0.1/servers?cursor=abc')).status).toBe(400);
    expect((await get('/v0.1/servers?limit=101')).status).toBe(400);
    expect((await get('/v0.1/servers?limit=0')).status).toBe(400);
  });
});
