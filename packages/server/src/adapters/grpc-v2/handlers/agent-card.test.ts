import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, refusingGuard, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

/** An `AgentCard` as nacos-client 3.1 sends it (Jackson: every field, null where unset). */
const card = (version: string) => ({
  protocolVersion: '0.3.0',
  name: 'helper',
  description: 'answers',
  version,
  iconUrl: null,
  capabilities: { streaming: true, pushNotifications: null, stateTransitionHistory: null, extensions: null },
  skills: [{ id: 'qa', name: 'Q&A', description: 'd', tags: ['faq'], examples: null }],
  url: 'http://helper.example/a2a',
  preferredTransport: 'JSONRPC',
  additionalInterfaces: null,
  provider: null,
  documentationUrl: null,
  securitySchemes: null,
  security: null,
  defaultInputModes: ['text/plain'],
  defaultOutputModes: null,
  supportsAuthenticatedExtendedCard: null,
});
const release = (version: string, setAsLatest = false) => ({
  namespaceId: '',
  agentName: 'helper',
  agentCard: card(version),
  registrationType: 'SERVICE',
  setAsLatest,
});
const endpoint = (type: string, extra: object = {}) => ({
  namespaceId: 'public',
  agentName: 'helper',
  type,
  endpoint: Object.assign(
    { transport: 'JSONRPC', address: '10.4.4.4', port: 8443, path: '/a2a', supportTls: true, version: '1.0.0' },
    extra,
  ),
});
const query = (extra: object = {}) =>
  kit.call('QueryAgentCardRequest', Object.assign({ namespaceId: 'public', agentName: 'helper' }, extra));

describe('the A2A requests of nacos-client 3.1', () => {
  it('releases a card, registers an endpoint bound to the connection, and serves the card at it', async () => {
    kit = await grpcKit();
    const released = await kit.call('ReleaseAgentCardRequest', release('1.0.0'));
    expect([released.type, released.body.resultCode]).toEqual(['ReleaseAgentCardResponse', 200]);

    // before any endpoint: the card's own address
    expect((await query()).body.agentCardDetailInfo).toMatchObject({
      name: 'helper',
      version: '1.0.0',
      url: 'http://helper.example/a2a',
      registrationType: 'SERVICE',
      latestVersion: true,
    });

    const registered = await kit.call('AgentEndpointRequest', endpoint('registerEndpoint'));
    expect([registered.type, registered.body.resultCode, registered.body.type]).toEqual([
      'AgentEndpointResponse',
      200,
      'registerEndpoint',
    ]);
    const key = { namespaceId: 'public', groupName: 'agent-endpoints', serviceName: 'helper::1.0.0' };
    expect(kit.app.core.naming.listInstances(key)).toMatchObject([{ ip: '10.4.4.4', port: 8443, ephemeral: true }]);

    const queried = await query();
    expect(queried.type).toBe('QueryAgentCardResponse');
    expect(queried.body.agentCardDetailInfo).toMatchObject({
      url: 'https://10.4.4.4:8443/a2a',
      preferredTransport: 'JSONRPC',
      additionalInterfaces: [{ url: 'https://10.4.4.4:8443/a2a', transport: 'JSONRPC' }],
    });
    // asked as URL, the card's own address
    expect((await query({ registrationType: 'URL' })).body.agentCardDetailInfo).toMatchObject({
      url: 'http://helper.example/a2a',
    });

    await kit.call('AgentEndpointRequest', endpoint('deregisterEndpoint'));
    expect(kit.app.core.naming.listInstances(key)).toEqual([]);
  });

  it('adds a version, the latest only when the client says so; a version that exists stays as it is', async () => {
    kit = await grpcKit();
    await kit.call('ReleaseAgentCardRequest', release('1.0.0'));
    await kit.call('ReleaseAgentCardRequest', release('1.1.0'));
    expect((await query()).body.agentCardDetailInfo).toMatchObject({ version: '1.0.0' });
    expect((await query({ version: '1.1.0' })).body.agentCardDetailInfo).toMatchObject({ latestVersion: false });
    await kit.call('ReleaseAgentCardRequest', release('2.0.0', true));
    expect((await query()).body.agentCardDetailInfo).toMatchObject({ version: '2.0.0' });
    const again = await kit.call('ReleaseAgentCardRequest', release('2.0.0'));
    expect(again.body.resultCode).toBe(200);
    expect(kit.app.core.agentRegistry.find('public', 'helper')?.versions).toHaveLength(3);
  });

  it('answers its own response type for what is missing or malformed', async () => {
    kit = await grpcKit();
    const missing = await query();
    expect([missing.type, missing.body.errorCode]).toEqual(['QueryAgentCardResponse', 404]);
    const unnamed = await kit.call('QueryAgentCardRequest', { namespaceId: 'public' });
    expect(unnamed.body.errorCode).toBe(400);
    const noCard = await kit.call('ReleaseAgentCardRequest', { namespaceId: 'public' });
    expect([noCard.type, noCard.body.errorCode]).toEqual(['ReleaseAgentCardResponse', 400]);
    await kit.call('ReleaseAgentCardRequest', release('1.0.0'));
    await kit.call('ReleaseAgentCardRequest', release('1.1.0'));
    await kit.app.core.agentRegistry.remove('public', 'helper', '1.0.0');
    const noLatest = await query();
    expect(noLatest.body).toMatchObject({ errorCode: 404, message: 'Agent helper latest version not found' });
    expect((await query({ version: '1.1.0' })).body.agentCardDetailInfo).toMatchObject({ version: '1.1.0' });
    const noUrl = await kit.call(
      'ReleaseAgentCardRequest',
      Object.assign(release('1.0.0'), { agentCard: { name: 'x', version: '1' } }),
    );
    expect(noUrl.body).toMatchObject({ errorCode: 400, message: expect.stringContaining('agentCard.protocolVersion') });
    const badType = await kit.call('AgentEndpointRequest', endpoint('subscribe'));
    expect([badType.type, badType.body.errorCode]).toEqual(['AgentEndpointResponse', 400]);
    const badPort = await kit.call('AgentEndpointRequest', endpoint('registerEndpoint', { port: 70000 }));
    expect(badPort.body.errorCode).toBe(400);
    const noVersion = await kit.call('AgentEndpointRequest', endpoint('registerEndpoint', { version: '' }));
    expect(noVersion.body).toMatchObject({ errorCode: 400, message: expect.stringContaining('endpoint.version') });
  });

  it('checks access on the namespace the body names', async () => {
    kit = await grpcKit();
    const guard = refusingGuard();
    const refused = await kit.call('QueryAgentCardRequest', { namespaceId: 'dev', agentName: 'x' }, { guard });
    expect([refused.type, refused.body.errorCode]).toEqual(['QueryAgentCardResponse', 403]);
    expect(guard.asked).toMatchObject([{ resource: { namespaceId: 'dev', action: 'read' } }]);
    const write = await kit.call(
      'AgentEndpointRequest',
      Object.assign(endpoint('registerEndpoint'), { namespaceId: 'dev' }),
      {
        guard,
      },
    );
    expect(write.body.errorCode).toBe(403);
    expect(guard.asked.at(-1)).toMatchObject({ resource: { namespaceId: 'dev', action: 'write' } });
  });
});
