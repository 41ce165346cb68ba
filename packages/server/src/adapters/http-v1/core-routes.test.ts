import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, type GrpcKit } from '../../../test/grpc-kit.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

/** What nacos tools and clients read from a node: members, server state, connection rebalancing. */
describe('core and server-state endpoints', () => {
  let app: TestApp | undefined;
  let kit: GrpcKit | undefined;
  afterEach(async () => {
    await app?.dispose();
    await kit?.dispose();
    app = kit = undefined;
  });

  it('lists this node as the one member, UP, at its HTTP address, in a RestResult', async () => {
    app = await buildTestApp({ env: { RNACOS_RAFT_NODE_ADDR: '10.1.2.3:9848' } });
    const nodes = await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v1/core/cluster/nodes' });
    expect(nodes.statusCode).toBe(200);
    expect(nodes.json()).toMatchObject({
      code: 200,
      data: [{ ip: '10.1.2.3', port: 8848, address: '10.1.2.3:8848', state: 'UP', failAccessCnt: 0 }],
    });
    const filtered = await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v1/core/cluster/nodes?keyword=10.9' });
    expect(filtered.json().data).toEqual([]);
    const simple = await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v1/core/cluster/simple/nodes' });
    expect(simple.json().data).toEqual(['10.1.2.3:8848']);
    const v2 = await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v2/core/cluster/nodes?state=up' });
    expect(v2.json().data).toHaveLength(1);
    const bad = await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v2/core/cluster/nodes?state=sleepy' });
    expect(bad.statusCode).toBe(400);
  });

  it('tells the version and standalone mode, without login even when auth is on', async () => {
    app = await buildTestApp({ env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
    const res = await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v1/console/server/state' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+/),
      standalone_mode: 'standalone',
      function_mode: null,
      auth_enabled: 'true',
    });
  });

  it('reloadCurrent keeps `count` connections and asks the others to reconnect to the given address', async () => {
    kit = await grpcKit();
    const second = kit.openConnection('10.0.0.8:40000');
    const res = await kit.app.sdkHttp.inject({
      method: 'GET',
      url: '/nacos/v2/core/loader/reloadCurrent?count=1&redirectAddress=10.0.0.99:8848',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    expect(kit.stream.messages.filter((m) => m.type === 'ConnectResetRequest')).toEqual([]);
    expect(second.stream.messages).toMatchObject([
      { type: 'ConnectResetRequest', body: { serverIp: '10.0.0.99', serverPort: '8848' } },
    ]);
    const missing = await kit.app.sdkHttp.inject({ method: 'GET', url: '/nacos/v2/core/loader/reloadCurrent' });
    expect(missing.statusCode).toBe(400);
  });
});
