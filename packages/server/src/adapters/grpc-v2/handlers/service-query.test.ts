import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

const key = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'web' };
const query = (extra: object = {}) => ({
  namespace: 'public',
  serviceName: 'web',
  groupName: 'DEFAULT_GROUP',
  ...extra,
});

describe('ServiceQueryRequest', () => {
  it('answers QueryServiceResponse with the raw name, the group and the enabled hosts', async () => {
    kit = await grpcKit();
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.1', port: 80, clusterName: 'A' });
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.2', port: 80, clusterName: 'B', enabled: false });
    const reply = await kit.call('ServiceQueryRequest', query({ cluster: '', healthyOnly: false, udpPort: 0 }));
    expect(reply.type).toBe('QueryServiceResponse');
    const info = reply.body.serviceInfo as Record<string, unknown>;
    expect(info).toMatchObject({
      name: 'web',
      groupName: 'DEFAULT_GROUP',
      clusters: '',
      cacheMillis: 10000,
      reachProtectionThreshold: false,
    });
    expect(info.hosts).toEqual([
      {
        instanceId: expect.any(String),
        ip: '10.0.0.1',
        port: 80,
        weight: 1,
        healthy: true,
        enabled: true,
        ephemeral: true,
        clusterName: 'A',
        serviceName: 'DEFAULT_GROUP@@web',
        metadata: {},
      },
    ]);
    expect(typeof info.checksum).toBe('string');
  });

  it('answers each change of the service, with the requestId of each call', async () => {
    kit = await grpcKit();
    const ips = async (requestId: string) => {
      const reply = await kit.call('ServiceQueryRequest', query({ requestId }));
      expect(reply.body).toMatchObject({ requestId, resultCode: 200, success: true });
      return (reply.body.serviceInfo as { hosts: Array<{ ip: string }> }).hosts.map((h) => h.ip).sort();
    };
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.1', port: 80 });
    expect(await ips('a')).toEqual(['10.0.0.1']);
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.2', port: 80 });
    expect(await ips('b')).toEqual(['10.0.0.1', '10.0.0.2']);
    await kit.app.core.naming.deregisterInstance(key, { ip: '10.0.0.1', port: 80 });
    expect(await ips('c')).toEqual(['10.0.0.2']);
  });

  it('filters by cluster and healthiness (either spelling of the flag)', async () => {
    kit = await grpcKit();
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.1', port: 80, clusterName: 'A' });
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.2', port: 80, clusterName: 'B' });
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.3', port: 80, clusterName: 'B', healthy: false });
    const hosts = async (extra: object) =>
      ((await kit.call('ServiceQueryRequest', query(extra))).body.serviceInfo as { hosts: Array<{ ip: string }> }).hosts
        .map((h) => h.ip)
        .sort();
    expect(await hosts({ cluster: 'B' })).toEqual(['10.0.0.2', '10.0.0.3']);
    expect(await hosts({ cluster: 'B', healthyOnly: true })).toEqual(['10.0.0.2']);
    expect(await hosts({ cluster: 'B', healthOnly: true })).toEqual(['10.0.0.2']);
    expect(await hosts({ cluster: 'A,B', healthyOnly: true })).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('answers an unknown service with no hosts', async () => {
    kit = await grpcKit();
    const reply = await kit.call('ServiceQueryRequest', query({ serviceName: 'nobody' }));
    expect(reply.body.serviceInfo).toMatchObject({ name: 'nobody', groupName: 'DEFAULT_GROUP', hosts: [] });
  });
});
