import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

const key = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'cart' };
const subscribe = (clusters = '', yes = true) => ({
  namespace: 'public',
  serviceName: 'cart',
  groupName: 'DEFAULT_GROUP',
  clusters,
  subscribe: yes,
});
/** Tests of the pushes that follow changes leave out the one that follows the subscribe itself. */
const CHANGES_ONLY = { holdAfterReply: true };
const pushes = () => kit.stream.messages.filter((m) => m.type === 'NotifySubscriberRequest');
const pushedHosts = (i: number) =>
  (pushes()[i].body.serviceInfo as { hosts: Array<{ ip: string }> }).hosts.map((h) => h.ip);

describe('SubscribeServiceRequest', () => {
  it('answers with the current service, even one that does not exist yet, and records the subscriber', async () => {
    kit = await grpcKit();
    const reply = await kit.call('SubscribeServiceRequest', subscribe(), CHANGES_ONLY);
    expect(reply).toMatchObject({
      type: 'SubscribeServiceResponse',
      body: { success: true, serviceInfo: { name: 'cart', groupName: 'DEFAULT_GROUP', clusters: '', hosts: [] } },
    });
    expect(kit.app.core.naming.subscribersOf(key)).toMatchObject([
      { target: { kind: 'connection', connectionId: kit.conn.id } },
    ]);
  });

  it('pushes NotifySubscriberRequest on every change, through the subscriber clusters', async () => {
    kit = await grpcKit();
    await kit.call('SubscribeServiceRequest', subscribe('A'), CHANGES_ONLY);
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.1', port: 1, clusterName: 'A' });
    kit.app.grpc.namingPushes.flushNow();
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.2', port: 1, clusterName: 'B' });
    kit.app.grpc.namingPushes.flushNow();
    await kit.app.core.naming.deregisterInstance(key, { ip: '10.0.0.1', port: 1, clusterName: 'A' });
    kit.app.grpc.namingPushes.flushNow();
    expect(pushes()).toHaveLength(3);
    expect(pushes()[0].body).toMatchObject({
      module: 'naming',
      namespace: 'public',
      serviceName: 'cart',
      groupName: 'DEFAULT_GROUP',
    });
    expect(pushes()[0].body.serviceInfo).toMatchObject({ name: 'cart', clusters: 'A' });
    expect([pushedHosts(0), pushedHosts(1), pushedHosts(2)]).toEqual([['10.0.0.1'], ['10.0.0.1'], []]);
  });

  it('pushes a change on the next turn and coalesces the changes that follow it within the window', async () => {
    kit = await grpcKit({ grpcPushDelayMs: 60_000 });
    await kit.call('SubscribeServiceRequest', subscribe(), CHANGES_ONLY);
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.1', port: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(pushes()).toHaveLength(1);
    for (let port = 2; port <= 5; port++) await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.1', port });
    await new Promise((resolve) => setImmediate(resolve));
    expect(pushes()).toHaveLength(1);
    kit.app.grpc.namingPushes.flushNow();
    expect(pushes()).toHaveLength(2);
    expect([pushedHosts(0), pushedHosts(1)].map((hosts) => hosts.length)).toEqual([1, 5]);
  });

  it('stops pushing after unsubscribe', async () => {
    kit = await grpcKit();
    await kit.call('SubscribeServiceRequest', subscribe(), CHANGES_ONLY);
    await kit.call('SubscribeServiceRequest', subscribe('', false), CHANGES_ONLY);
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.1', port: 1 });
    kit.app.grpc.namingPushes.flushNow();
    expect(pushes()).toHaveLength(0);
    expect(kit.app.core.naming.stats().subscriberCount).toBe(0);
  });

  it('pushes the removal of a dropped connection instances to the other subscribers', async () => {
    kit = await grpcKit();
    const provider = kit.openConnection('10.0.0.9:7000');
    await kit.call('SubscribeServiceRequest', subscribe(), CHANGES_ONLY);
    await kit.call(
      'InstanceRequest',
      {
        namespace: 'public',
        serviceName: 'cart',
        groupName: 'DEFAULT_GROUP',
        type: 'registerInstance',
        instance: { ip: '10.0.0.9', port: 1 },
      },
      { peer: provider.conn.peer },
    );
    kit.app.grpc.namingPushes.flushNow();
    kit.app.grpc.connections.close(provider.conn, 'test');
    kit.app.grpc.namingPushes.flushNow();
    expect([pushedHosts(0), pushedHosts(1)]).toEqual([['10.0.0.9'], []]);
  });

  it('pushes the service right after a subscribe, once the answer is written, as nacos 2.x does', async () => {
    kit = await grpcKit();
    await kit.app.core.naming.registerInstance(key, { ip: '10.0.0.3', port: 1, clusterName: 'A' });
    kit.app.grpc.namingPushes.flushNow();
    const reply = await kit.call('SubscribeServiceRequest', subscribe('A'), CHANGES_ONLY);
    expect(reply.body.serviceInfo).toMatchObject({ hosts: [{ ip: '10.0.0.3' }] });
    expect(pushes()).toHaveLength(0);
    for (const task of reply.afterReply ?? []) task();
    expect(pushes()).toHaveLength(1);
    expect(pushes()[0].body.serviceInfo).toMatchObject({ name: 'cart', clusters: 'A' });
    expect(pushedHosts(0)).toEqual(['10.0.0.3']);
    // an unsubscribe pushes nothing
    const off = await kit.call('SubscribeServiceRequest', subscribe('A', false));
    expect(off.afterReply).toBeUndefined();
    expect(pushes()).toHaveLength(1);
  });

  it('forgets the subscriptions of a closed connection', async () => {
    kit = await grpcKit();
    await kit.call('SubscribeServiceRequest', subscribe(), CHANGES_ONLY);
    kit.app.grpc.connections.close(kit.conn, 'test');
    expect(kit.app.core.naming.stats().subscriberCount).toBe(0);
  });
});
