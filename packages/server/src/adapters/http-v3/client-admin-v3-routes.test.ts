import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrpcKit } from '../../../test/grpc-kit.js';
import { namingClientsKit } from '../../../test/naming-clients-kit.js';
import { buildTestApp, form } from '../../../test/helpers.js';

// a 2.x client (a gRPC connection) registering and subscribing, and 1.x clients, in namespace dev
let kit: GrpcKit;
beforeAll(async () => {
  kit = await namingClientsKit('dev');
});
afterAll(() => kit.dispose());

const get = (url: string) => kit.app.sdkHttp.inject({ method: 'GET', url: `/nacos/v3/admin/ns/client${url}` });
const data = async (url: string) => (await get(url)).json().data;

describe('/nacos/v3/admin/ns/client', () => {
  it('lists and details the clients; an unknown one is 404 20004, a missing clientId 400 10000', async () => {
    expect(await data('/list')).toEqual(expect.arrayContaining([kit.conn.id, '10.0.0.9:9090#true']));
    expect(await data(`?clientId=${encodeURIComponent(kit.conn.id)}`)).toMatchObject({
      clientId: kit.conn.id,
      clientType: 'connection',
      connectType: 'GRPC',
    });
    const unknown = await get('?clientId=nobody');
    expect([unknown.statusCode, unknown.json().code, unknown.json().data]).toEqual([
      404,
      20004,
      'clientId [ nobody ] not exist',
    ]);
    expect((await get('/publish/list')).json()).toEqual({
      code: 10000,
      message: 'parameter missing',
      data: "Required parameter 'clientId' type String is not present",
    });
  });

  it('lists what a client registered and subscribed', async () => {
    const id = encodeURIComponent(kit.conn.id);
    expect(await data(`/publish/list?clientId=${id}`)).toEqual([
      {
        namespace: 'dev',
        group: 'DEFAULT_GROUP',
        serviceName: 'orders',
        registeredInstance: { ip: '10.0.0.5', port: 8080, cluster: 'DEFAULT' },
      },
    ]);
    expect(await data(`/subscribe/list?clientId=${id}`)).toMatchObject([{ namespace: 'dev', serviceName: 'orders' }]);
  });

  it('lists who registered or subscribed a service of the namespace named', async () => {
    const publishers = await data('/service/publisher/list?serviceName=orders&namespaceId=dev');
    expect(publishers).toEqual(
      expect.arrayContaining([
        { clientId: kit.conn.id, ip: '10.0.0.5', port: 8080 },
        { clientId: '10.0.0.9:9090#true', ip: '10.0.0.9', port: 9090 },
      ]),
    );
    expect(await data('/service/publisher/list?serviceName=orders')).toEqual([]);
    const subscribers = await data('/service/subscriber/list?serviceName=orders&namespaceId=dev');
    expect(subscribers.map((s: { clientId: string }) => s.clientId).sort()).toEqual(
      [kit.conn.id, '127.0.0.1:5555#true'].sort(),
    );
  });
});

describe('/nacos/v3/admin/ns/client with OpenAPI auth', () => {
  it('leaves out the services of namespaces the caller may not see', async () => {
    const app = await buildTestApp({ env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
    try {
      for (const namespaceId of ['public', 'secret']) {
        const key = { namespaceId, groupName: 'DEFAULT_GROUP', serviceName: 'shared' };
        await app.core.naming.registerInstance(key, { ip: '10.3.0.1', port: 80, ephemeral: true });
      }
      const privilege = { blacklist: ['secret'] };
      await app.core.auth.users.add({
        username: 'nosecret',
        password: 'pw-nosecret',
        roles: ['2'],
        namespacePrivilege: privilege,
      });
      const login = async (username: string, password: string) =>
        (
          await app.sdkHttp.inject({ method: 'POST', url: '/nacos/v1/auth/login', ...form({ username, password }) })
        ).json().accessToken as string;
      const published = async (token: string) =>
        (
          await app.sdkHttp.inject({
            method: 'GET',
            url: `/nacos/v3/admin/ns/client/publish/list?clientId=${encodeURIComponent('10.3.0.1:80#true')}&accessToken=${token}`,
          })
        )
          .json()
          .data.map((s: { namespace: string }) => s.namespace);
      expect((await published(await login('admin', 'admin'))).sort()).toEqual(['public', 'secret']);
      expect(await published(await login('nosecret', 'pw-nosecret'))).toEqual(['public']);
    } finally {
      await app.dispose();
    }
  });
});
