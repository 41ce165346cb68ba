import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrpcKit } from '../../../test/grpc-kit.js';
import { namingClientsKit } from '../../../test/naming-clients-kit.js';

// a 2.x client (a gRPC connection) registering and subscribing, and a 1.x client beating and polling
let kit: GrpcKit;
beforeAll(async () => {
  kit = await namingClientsKit('public');
});
afterAll(() => kit.dispose());

const get = async (url: string) => kit.app.sdkHttp.inject({ method: 'GET', url: `/nacos/v2/ns/client${url}` });
const data = async (url: string) => (await get(url)).json().data;

describe('/nacos/v2/ns/client', () => {
  it('lists the connection and the 1.x clients', async () => {
    const ids = await data('/list');
    expect(ids).toContain(kit.conn.id);
    expect(ids).toContain('10.0.0.9:9090#true');
    expect(ids).toContain('127.0.0.1:5555#true');
  });

  it('details a connection client and an ip-port client; an unknown one is 404 20004', async () => {
    expect(await data(`?clientId=${encodeURIComponent(kit.conn.id)}`)).toMatchObject({
      clientId: kit.conn.id,
      clientType: 'connection',
      ephemeral: true,
    });
    expect(await data(`?clientId=${encodeURIComponent('10.0.0.9:9090#true')}`)).toEqual({
      clientId: '10.0.0.9:9090#true',
      ephemeral: true,
      clientType: 'ipPort',
      clientIp: '10.0.0.9',
      clientPort: '9090',
    });
    const unknown = await get('?clientId=nobody');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 20004,
      message: 'resource not found',
      data: 'clientId [ nobody ] not exist',
    });
    expect((await get('')).json().code).toBe(10000);
  });

  it('lists what a client registered and subscribed', async () => {
    const id = encodeURIComponent(kit.conn.id);
    expect(await data(`/publish/list?clientId=${id}`)).toEqual([
      {
        namespace: 'public',
        group: 'DEFAULT_GROUP',
        serviceName: 'orders',
        registeredInstance: { ip: '10.0.0.5', port: 8080, cluster: 'DEFAULT' },
      },
    ]);
    const subscribed = await data(`/subscribe/list?clientId=${id}`);
    expect(subscribed).toHaveLength(1);
    expect(subscribed[0]).toMatchObject({ namespace: 'public', group: 'DEFAULT_GROUP', serviceName: 'orders' });
  });

  it('lists the clients that registered or subscribed a service, by address when given', async () => {
    const publishers = await data('/service/publisher/list?serviceName=orders');
    expect(publishers).toEqual(
      expect.arrayContaining([
        { clientId: kit.conn.id, ip: '10.0.0.5', port: 8080 },
        { clientId: '10.0.0.9:9090#true', ip: '10.0.0.9', port: 9090 },
      ]),
    );
    expect(await data('/service/publisher/list?serviceName=orders&ip=10.0.0.9&port=9090')).toHaveLength(1);
    const subscribers = await data('/service/subscriber/list?serviceName=orders');
    expect(subscribers.map((s: { clientId: string }) => s.clientId)).toEqual(
      expect.arrayContaining([kit.conn.id, '127.0.0.1:5555#true']),
    );
    expect((await get('/service/subscriber/list')).json().code).toBe(10000);
  });
});
