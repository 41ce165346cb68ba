import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, refusingGuard, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

const release = (version: string, isLatest?: boolean) => ({
  namespaceId: '',
  serverSpecification: {
    name: 'weather',
    protocol: 'mcp-sse',
    frontProtocol: 'mcp-sse',
    versionDetail: { version, is_latest: isLatest },
    remoteServerConfig: { exportPath: '/sse' },
  },
  toolSpecification: { tools: [{ name: 'forecast', description: 'd', inputSchema: { type: 'object' } }] },
});
const endpoint = (type: string, extra: object = {}) =>
  Object.assign({ namespaceId: 'public', mcpName: 'weather', type, address: '10.3.3.3', port: 8000 }, extra);

describe('the AI service requests of nacos-client 3.x', () => {
  it('releases a server, registers an endpoint bound to the connection, and queries it in detail', async () => {
    kit = await grpcKit();
    const released = await kit.call('ReleaseMcpServerRequest', release('1.0.0'));
    expect(released.type).toBe('ReleaseMcpServerResponse');
    expect(released.body).toMatchObject({ resultCode: 200, mcpId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const registered = await kit.call('McpServerEndpointRequest', endpoint('registerEndpoint', { version: '1.0.0' }));
    expect(registered.body).toMatchObject({ resultCode: 200, type: 'registerEndpoint' });
    // the endpoint is an instance of the version's own naming service
    const key = { namespaceId: 'public', groupName: 'mcp-endpoints', serviceName: 'weather::1.0.0' };
    expect(kit.app.core.naming.listInstances(key)).toMatchObject([
      { ip: '10.3.3.3', port: 8000, ephemeral: true, metadata: { _mcp_server_version: '1.0.0' } },
    ]);

    const queried = await kit.call('QueryMcpServerRequest', { namespaceId: 'public', mcpName: 'weather' });
    expect(queried.type).toBe('QueryMcpServerResponse');
    expect(queried.body.mcpServerDetailInfo).toMatchObject({
      id: released.body.mcpId,
      name: 'weather',
      version: '1.0.0',
      versionDetail: { version: '1.0.0', is_latest: true },
      backendEndpoints: [{ address: '10.3.3.3', port: 8000, path: '/sse' }],
      toolSpec: { tools: [{ name: 'forecast' }] },
    });

    await kit.call('McpServerEndpointRequest', endpoint('deregisterEndpoint'));
    expect(kit.app.core.naming.listInstances(key)).toEqual([]);
  });

  it('adds a version, the latest only when the client says so, and refuses one that exists', async () => {
    kit = await grpcKit();
    await kit.call('ReleaseMcpServerRequest', release('1.0.0'));
    await kit.call('ReleaseMcpServerRequest', release('1.1.0'));
    const query = () => kit.call('QueryMcpServerRequest', { namespaceId: 'public', mcpName: 'weather' });
    expect((await query()).body.mcpServerDetailInfo).toMatchObject({ version: '1.0.0' });
    await kit.call('ReleaseMcpServerRequest', release('2.0.0', true));
    expect((await query()).body.mcpServerDetailInfo).toMatchObject({ version: '2.0.0' });
    const again = await kit.call('ReleaseMcpServerRequest', release('2.0.0'));
    expect(again.body).toMatchObject({ resultCode: 500, errorCode: 409 });
  });

  it('answers its own response type for what is missing or malformed', async () => {
    kit = await grpcKit();
    const missing = await kit.call('QueryMcpServerRequest', { namespaceId: 'public', mcpName: 'nobody' });
    expect([missing.type, missing.body.errorCode]).toEqual(['QueryMcpServerResponse', 404]);
    const unnamed = await kit.call('QueryMcpServerRequest', { namespaceId: 'public' });
    expect(unnamed.body.errorCode).toBe(400);
    const noSpec = await kit.call('ReleaseMcpServerRequest', { namespaceId: 'public' });
    expect([noSpec.type, noSpec.body.errorCode]).toEqual(['ReleaseMcpServerResponse', 400]);
    await kit.call('ReleaseMcpServerRequest', release('1.0.0'));
    const badType = await kit.call('McpServerEndpointRequest', endpoint('subscribe'));
    expect([badType.type, badType.body.errorCode]).toEqual(['McpServerEndpointResponse', 400]);
    const badPort = await kit.call('McpServerEndpointRequest', endpoint('registerEndpoint', { port: 70000 }));
    expect(badPort.body.errorCode).toBe(400);
    // nested deeper than JSON.stringify can walk: refused with a 400, not a server error
    const tools = `{"tools":[{"name":"t","inputSchema":${'['.repeat(200_000)}${']'.repeat(200_000)}}]}`;
    const text = JSON.stringify(release('3.0.0')).replace(/"toolSpecification":.*\}$/, `"toolSpecification":${tools}}`);
    const tooDeep = await kit.call('ReleaseMcpServerRequest', {}, { bodyBytes: Buffer.from(text) });
    expect([tooDeep.type, tooDeep.body.errorCode]).toEqual(['ReleaseMcpServerResponse', 400]);
    expect(tooDeep.body.message).toContain('nested too deep');
  });

  it('checks access on the namespace the body names', async () => {
    kit = await grpcKit();
    const guard = refusingGuard();
    const refused = await kit.call('QueryMcpServerRequest', { namespaceId: 'dev', mcpName: 'x' }, { guard });
    expect([refused.type, refused.body.errorCode]).toEqual(['QueryMcpServerResponse', 403]);
    expect(guard.asked).toMatchObject([{ resource: { namespaceId: 'dev', action: 'read' } }]);
  });
});
