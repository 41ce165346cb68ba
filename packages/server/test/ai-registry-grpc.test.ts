import { afterEach, describe, expect, it } from 'vitest';
import { RawNacosClient } from './grpc-raw-client.js';
import { buildTestApp, type TestApp } from './helpers.js';

/** The AI registry over real sockets, connected as nacos-client 3.1's AiService connects (module `ai`). */
let app: TestApp | undefined;
let client: RawNacosClient | undefined;
afterEach(async () => {
  client?.close();
  await app?.dispose();
  app = client = undefined;
});

describe('the AI registry over gRPC', () => {
  it('advertises the MCP registry at setup: the 3.x AiService sends nothing to a server that does not', async () => {
    app = await buildTestApp();
    const { grpc } = await app.listen();
    client = new RawNacosClient(`127.0.0.1:${grpc}`);
    await client.connect({
      labels: { source: 'sdk', module: 'ai' },
      abilityTable: { fuzzyWatch: true, lock: true, mcp: true, agent: true },
    });
    const ack = await client.waitFor((m) => m.type === 'SetupAckRequest');
    expect(ack.body.abilityTable).toMatchObject({ mcp: true });

    const released = await client.request('ReleaseMcpServerRequest', {
      module: 'ai',
      namespaceId: 'public',
      serverSpecification: { name: 'java-weather', protocol: 'mcp-sse', versionDetail: { version: '1.0.0' } },
    });
    expect(released.body).toMatchObject({ resultCode: 200 });
    await client.request('McpServerEndpointRequest', {
      module: 'ai',
      namespaceId: 'public',
      mcpName: 'java-weather',
      address: '10.60.0.1',
      port: 8000,
      type: 'registerEndpoint',
    });
    const queried = await client.request('QueryMcpServerRequest', {
      module: 'ai',
      namespaceId: 'public',
      mcpName: 'java-weather',
    });
    expect(queried.body.mcpServerDetailInfo).toMatchObject({
      backendEndpoints: [{ address: '10.60.0.1', port: 8000 }],
    });
  });
});
