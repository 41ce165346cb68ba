import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, refusingGuard, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

const key = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'orders' };
const javaInstance = (ip: string, port: number) => ({
  ip,
  port,
  weight: 1.0,
  healthy: true,
  enabled: true,
  ephemeral: true,
  clusterName: 'DEFAULT',
  metadata: { version: '1' },
  instanceHeartBeatInterval: 5000,
  instanceHeartBeatTimeOut: 15000,
  ipDeleteTimeout: 30000,
  instanceIdGenerator: 'simple',
});
const request = (type: string, instance: object, extra: object = {}) => ({
  namespace: 'public',
  serviceName: 'orders',
  groupName: 'DEFAULT_GROUP',
  module: 'naming',
  type,
  instance,
  ...extra,
});

describe('InstanceRequest', () => {
  it('registers an ephemeral instance owned by the connection and echoes the operation', async () => {
    kit = await grpcKit();
    const reply = await kit.call('InstanceRequest', request('registerInstance', javaInstance('10.0.0.5', 8080)));
    expect(reply).toMatchObject({
      type: 'InstanceResponse',
      body: { resultCode: 200, errorCode: 0, success: true, type: 'registerInstance' },
    });
    const [instance] = kit.app.core.naming.listInstances(key);
    expect(instance).toMatchObject({ ip: '10.0.0.5', port: 8080, ephemeral: true, metadata: { version: '1' } });
    expect(instance.owner).toEqual({ kind: 'connection', connectionId: kit.conn.id });
  });

  it('keeps one entry per connection and service: a new register replaces, deregister removes it', async () => {
    kit = await grpcKit();
    await kit.call('InstanceRequest', request('registerInstance', javaInstance('10.0.0.5', 8080)));
    await kit.call('InstanceRequest', request('registerInstance', javaInstance('10.0.0.5', 9090)));
    expect(kit.app.core.naming.listInstances(key).map((i) => i.port)).toEqual([9090]);
    const reply = await kit.call('InstanceRequest', request('deregisterInstance', javaInstance('10.0.0.5', 9090)));
    expect(reply.body).toMatchObject({ success: true, type: 'deregisterInstance' });
    expect(kit.app.core.naming.listInstances(key)).toEqual([]);
  });

  it('leaves instances of other connections alone', async () => {
    kit = await grpcKit();
    const other = kit.openConnection('10.0.0.8:5000');
    await kit.call('InstanceRequest', request('registerInstance', javaInstance('10.0.0.8', 1)), {
      peer: other.conn.peer,
    });
    await kit.call('InstanceRequest', request('registerInstance', javaInstance('10.0.0.5', 2)));
    await kit.call('InstanceRequest', request('deregisterInstance', javaInstance('10.0.0.5', 2)));
    expect(kit.app.core.naming.listInstances(key).map((i) => i.ip)).toEqual(['10.0.0.8']);
  });

  it('removes the instances of a connection that goes away', async () => {
    kit = await grpcKit();
    await kit.call('InstanceRequest', request('registerInstance', javaInstance('10.0.0.5', 8080)));
    kit.app.grpc.connections.close(kit.conn, 'test');
    expect(kit.app.core.naming.listInstances(key)).toEqual([]);
  });

  it('rejects bad input with an ErrorResponse 400 (as nacos answers what its handler throws), changing nothing', async () => {
    kit = await grpcKit();
    for (const body of [
      request('registerInstance', { ...javaInstance('10.0.0.5', 8080), port: 70000 }),
      request('registerInstance', { ...javaInstance('', 8080) }),
      request('registerInstance', { ...javaInstance('10.0.0.5', 8080), clusterName: 'bad cluster' }),
      request('registerInstance', {
        ...javaInstance('10.0.0.5', 8080),
        metadata: { 'preserved.heart.beat.timeout': '1', 'preserved.heart.beat.interval': '5000' },
      }),
      request('updateInstance', javaInstance('10.0.0.5', 8080)),
      { ...request('registerInstance', javaInstance('10.0.0.5', 8080)), serviceName: '' },
      { ...request('registerInstance', javaInstance('10.0.0.5', 8080)), instance: undefined },
    ]) {
      const reply = await kit.call('InstanceRequest', body);
      expect(reply).toMatchObject({
        type: 'ErrorResponse',
        body: { resultCode: 400, errorCode: 400, success: false },
      });
    }
    expect(kit.app.core.naming.stats().instanceCount).toBe(0);
  });

  it('is a write in the namespace for the access guard', async () => {
    kit = await grpcKit();
    const guard = refusingGuard();
    const reply = await kit.call(
      'InstanceRequest',
      request('registerInstance', javaInstance('10.0.0.5', 1), { namespace: '' }),
      {
        guard,
        headers: { accessToken: 't' },
      },
    );
    expect(reply).toMatchObject({ type: 'InstanceResponse', body: { resultCode: 500, errorCode: 403 } });
    expect(guard.asked).toEqual([
      { credentials: { accessToken: 't' }, resource: { namespaceId: 'public', action: 'write' } },
    ]);
    expect(kit.app.core.naming.stats().instanceCount).toBe(0);
  });

  it('refuses an ephemeral instance in a persistent service as an ErrorResponse with nacos wording', async () => {
    kit = await grpcKit();
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.9', port: 1, ephemeral: false });
    const reply = await kit.call('InstanceRequest', request('registerInstance', javaInstance('10.0.0.5', 8080)));
    expect(reply).toMatchObject({
      type: 'ErrorResponse',
      body: {
        resultCode: 400,
        errorCode: 400,
        success: false,
        message: "Current service DEFAULT_GROUP@@orders is persistent service, can't register ephemeral instance.",
      },
    });
    expect(kit.app.core.naming.listInstances(key).map((i) => i.ip)).toEqual(['10.0.0.9']);
  });
});
