import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

const key = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'db' };
const request = (type: string, port = 5432) => ({
  namespace: 'public',
  serviceName: 'db',
  groupName: 'DEFAULT_GROUP',
  type,
  instance: { ip: '10.2.0.1', port, ephemeral: false, clusterName: 'DEFAULT', metadata: {} },
});

describe('PersistentInstanceRequest', () => {
  it('registers a persistent instance that outlives the connection and is stored', async () => {
    kit = await grpcKit();
    const reply = await kit.call('PersistentInstanceRequest', request('registerInstance'));
    expect(reply).toMatchObject({ type: 'InstanceResponse', body: { success: true, type: 'registerInstance' } });
    kit.app.grpc.connections.close(kit.conn, 'test');
    const [instance] = kit.app.core.naming.listInstances(key);
    expect(instance).toMatchObject({ ip: '10.2.0.1', port: 5432, ephemeral: false, owner: { kind: 'persistent' } });
  });

  it('deregisters it', async () => {
    kit = await grpcKit();
    await kit.call('PersistentInstanceRequest', request('registerInstance'));
    const reply = await kit.call('PersistentInstanceRequest', request('deregisterInstance'));
    expect(reply.body).toMatchObject({ success: true, type: 'deregisterInstance' });
    expect(kit.app.core.naming.listInstances(key)).toEqual([]);
  });

  it('is advertised to clients that negotiate abilities', async () => {
    kit = await grpcKit();
    expect(kit.app.grpc.handlers.has('PersistentInstanceRequest')).toBe(true);
    expect((await kit.call('ServerCheckRequest')).body.supportAbilityNegotiation).toBe(true);
  });
});
