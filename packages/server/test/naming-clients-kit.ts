import { grpcKit, type GrpcKit } from './grpc-kit.js';

/**
 * A gRPC kit with clients of service `orders` in `namespace`: a 2.x client (the kit's connection)
 * registering 10.0.0.5:8080 and subscribing, a 1.x client registering 10.0.0.9:9090 over HTTP, and a 1.x
 * poller subscribing from UDP port 5555.
 */
export async function namingClientsKit(namespace: string): Promise<GrpcKit> {
  const kit = await grpcKit();
  const service = { namespace, serviceName: 'orders', groupName: 'DEFAULT_GROUP', module: 'naming' };
  await kit.call('InstanceRequest', {
    ...service,
    type: 'registerInstance',
    instance: { ip: '10.0.0.5', port: 8080, ephemeral: true, clusterName: 'DEFAULT' },
  });
  await kit.call('SubscribeServiceRequest', { ...service, subscribe: true, clusters: '' });
  const v1 = (method: 'POST' | 'GET', url: string) =>
    kit.app.sdkHttp.inject({ method, url: `${url}&serviceName=orders&namespaceId=${namespace}` });
  await v1('POST', '/nacos/v1/ns/instance?ip=10.0.0.9&port=9090');
  await v1('GET', '/nacos/v1/ns/instance/list?udpPort=5555');
  return kit;
}
