import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { parseReleaseInput } from './mcp-registry-input.js';
import { detailInfo } from './mcp-registry-view.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

const release = (version: string, extra: Record<string, unknown> = {}) =>
  parseReleaseInput({
    server: JSON.stringify(Object.assign({ name: 'weather', protocol: 'mcp-sse', versionDetail: { version } }, extra)),
    tools: { tools: [{ name: 'forecast', description: 'the forecast', inputSchema: { type: 'object' } }] },
    endpoint: { type: 'DIRECT', data: { address: '10.1.1.1', port: '8080', transportProtocol: 'http' } },
  });

describe('the AI registry of MCP servers', () => {
  it('keeps a server with its versions across restarts, one of them the latest', async () => {
    app = await buildTestApp();
    const id = await app.core.mcpRegistry.create('public', release('1.0.0'));
    await app.core.mcpRegistry.update('public', release('1.1.0'), false);
    const dataDir = app.dataDir;
    await app.close();
    app = await buildTestApp({ dataDir });
    const [server, latest] = app.core.mcpRegistry.version('public', { name: 'weather' });
    expect(server.id).toBe(id);
    expect(latest.version).toBe('1.0.0');
    expect(server.versions.map((v) => v.version)).toEqual(['1.0.0', '1.1.0']);
    await app.core.mcpRegistry.update('public', release('1.1.0'), true);
    expect(app.core.mcpRegistry.version('public', { id })[1].version).toBe('1.1.0');
  });

  it('registers a DIRECT endpoint as an instance of the naming service and shows it in the detail', async () => {
    app = await buildTestApp();
    await app.core.mcpRegistry.create('public', release('1.0.0'));
    const key = { namespaceId: 'public', groupName: 'mcp-endpoints', serviceName: 'weather::1.0.0' };
    expect(app.core.naming.listInstances(key).map((i) => `${i.ip}:${i.port}`)).toEqual(['10.1.1.1:8080']);
    const [server, version] = app.core.mcpRegistry.version('public', { name: 'weather' });
    const detail = detailInfo(app.core.mcpRegistry.endpointsOf, server, version);
    expect(detail.backendEndpoints).toEqual([
      { protocol: 'http', address: '10.1.1.1', port: 8080, path: undefined, headers: undefined },
    ]);
    expect(detail.capabilities).toEqual(['TOOL']);
    await app.core.mcpRegistry.remove('public', { name: 'weather' });
    expect(app.core.naming.listInstances(key)).toEqual([]);
    expect(app.core.mcpRegistry.find('public', { name: 'weather' })).toBeUndefined();
  });

  it('refuses a second server of the same name, and a release of a version that exists', async () => {
    app = await buildTestApp();
    await app.core.mcpRegistry.create('public', release('1.0.0'));
    await expect(app.core.mcpRegistry.create('public', release('2.0.0'))).rejects.toThrow(/has existed/);
    await expect(app.core.mcpRegistry.release('public', release('1.0.0'))).rejects.toThrow(/already exist/);
    await app.core.mcpRegistry.create('dev', release('1.0.0'));
    expect(app.core.mcpRegistry.list(undefined, 'weather', 'accurate')).toHaveLength(2);
  });

  it('refuses specifications that are not JSON objects, lack a version or are too large', () => {
    const parse = (server: unknown) => () => parseReleaseInput({ server });
    expect(parse('{no')).toThrow(/not valid JSON/);
    expect(parse('{"name":"a"}')).toThrow(/Version must be specified/);
    expect(parse(JSON.stringify({ name: 'a', version: '1', description: 'x'.repeat(300_000) }))).toThrow(/larger than/);
    expect(parse(JSON.stringify({ name: 'a', version: '1', protocol: 'carrier-pigeon' }))).toThrow(/protocol must be/);
  });
});
