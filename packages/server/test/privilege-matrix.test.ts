import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, form, type TestApp } from './helpers.js';
import { knownCaptcha } from './console-helpers.js';
import { RawNacosClient } from './grpc-raw-client.js';
import {
  CONSOLE_CELLS,
  consoleOutcome,
  expectedAllowed,
  nextSeq,
  NAMESPACES,
  nsName,
  unique,
  USERS,
  type Ns,
} from './privilege-matrix-cells.js';

/**
 * Every role and namespace privilege against every route that touches namespaced data, on the console and
 * on the SDK port with OpenAPI auth. The expectation is written out (here and in privilege-matrix-cells.ts),
 * independently of the code: a cell fails if a user reaches what they should not, or is refused what they should reach.
 */

describe('privilege matrix', () => {
  let app: TestApp;
  let grpc: RawNacosClient;
  const consoleTokens = new Map<string, string>();
  const apiTokens = new Map<string, string>();

  beforeAll(async () => {
    app = await buildTestApp({ captchaSource: knownCaptcha, env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
    await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'dev' });
    for (const ns of NAMESPACES) {
      await app.core.configs.publish({ namespaceId: ns, group: 'G', dataId: 'seed', content: 'seed' });
      await app.core.naming.registerInstance(
        { namespaceId: nsName(ns), groupName: 'DEFAULT_GROUP', serviceName: 'seed' },
        { ip: '10.0.0.1', port: 80, ephemeral: false },
      );
    }
    for (const user of USERS) {
      if (user.name !== 'admin')
        await app.core.auth.users.add({
          username: user.name,
          password: `${user.name}-pw`,
          roles: user.roles,
          namespacePrivilege: user.privilege,
        });
      consoleTokens.set(user.name, (await app.core.auth.sessions.create('console', user.name, 3600)).token);
      const login = await app.sdkHttp.inject({
        method: 'POST',
        url: '/nacos/v1/auth/login',
        ...form({ username: user.name, password: user.name === 'admin' ? 'admin' : `${user.name}-pw` }),
      });
      apiTokens.set(user.name, login.json().accessToken);
    }
    const { grpc: grpcPort } = await app.listen();
    grpc = new RawNacosClient(`127.0.0.1:${grpcPort}`);
    await grpc.connect();
  });
  afterAll(async () => {
    grpc?.close();
    await app.dispose();
  });

  it('console: every role x namespace privilege x route cell', async () => {
    const wrong: string[] = [];
    for (const user of USERS) {
      for (const cell of CONSOLE_CELLS) {
        for (const ns of cell.only ?? (cell.namespaced ? NAMESPACES : ([''] as Ns[]))) {
          const outcome = consoleOutcome(await cell.run(app, consoleTokens.get(user.name)!, ns));
          const expected = expectedAllowed(user, cell.need, cell.namespaced ? ns : null) ? 'allowed' : 'denied';
          if (outcome !== expected)
            wrong.push(`${user.name} / ${cell.name} / "${ns}": expected ${expected}, got ${outcome}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('console: no session reaches nothing', async () => {
    for (const cell of CONSOLE_CELLS) {
      const res = await cell.run(app, 'f'.repeat(64), '');
      expect(res.json(), cell.name).toMatchObject({ success: false, code: 'NO_LOGIN' });
      expect(res.headers['no-login']).toBe('1');
    }
  });

  interface ApiCell {
    name: string;
    need: 'read' | 'write';
    run: (token: string, ns: Ns) => Promise<LightMyRequestResponse>;
  }
  const sdk = () => app.sdkHttp;
  const API_CELLS: ApiCell[] = [
    {
      name: 'config get',
      need: 'read',
      run: (t, ns) =>
        sdk().inject({ method: 'GET', url: `/nacos/v1/cs/configs?dataId=seed&group=G&tenant=${ns}&accessToken=${t}` }),
    },
    {
      name: 'config search',
      need: 'read',
      run: (t, ns) =>
        sdk().inject({
          method: 'GET',
          url: `/nacos/v1/cs/configs?search=blur&dataId=&group=&tenant=${ns}&accessToken=${t}`,
        }),
    },
    {
      name: 'config publish',
      need: 'write',
      run: (t, ns) =>
        sdk().inject({
          method: 'POST',
          url: '/nacos/v1/cs/configs',
          ...form({ dataId: unique('api'), group: 'G', tenant: ns, content: 'x', accessToken: t }),
        }),
    },
    {
      name: 'config delete',
      need: 'write',
      run: (t, ns) =>
        sdk().inject({
          method: 'DELETE',
          url: `/nacos/v1/cs/configs?dataId=nothing&group=G&tenant=${ns}&accessToken=${t}`,
        }),
    },
    {
      name: 'config listener',
      need: 'read',
      run: (t, ns) =>
        sdk().inject({
          method: 'POST',
          url: `/nacos/v1/cs/configs/listener?accessToken=${t}`,
          ...form({ 'Listening-Configs': `seed\u0002G\u0002stale\u0002${ns}\u0001` }),
        }),
    },
    {
      name: 'instance list',
      need: 'read',
      run: (t, ns) =>
        sdk().inject({
          method: 'GET',
          url: `/nacos/v1/ns/instance/list?serviceName=seed&namespaceId=${nsName(ns)}&accessToken=${t}`,
        }),
    },
    {
      name: 'instance register',
      need: 'write',
      run: (t, ns) =>
        sdk().inject({
          method: 'POST',
          // persistent, as the seed service's instances are (a service holds one kind)
          url: `/nacos/v1/ns/instance?serviceName=seed&ephemeral=false&ip=10.8.0.1&port=${2000 + nextSeq()}&namespaceId=${nsName(ns)}&accessToken=${t}`,
        }),
    },
    {
      name: 'beat',
      need: 'write',
      run: (t, ns) =>
        sdk().inject({
          method: 'PUT',
          url: `/nacos/v1/ns/instance/beat?serviceName=seed&ip=10.0.0.1&port=80&namespaceId=${nsName(ns)}&accessToken=${t}`,
        }),
    },
    {
      name: 'service list',
      need: 'read',
      run: (t, ns) =>
        sdk().inject({
          method: 'GET',
          url: `/nacos/v1/ns/service/list?pageNo=1&pageSize=10&namespaceId=${nsName(ns)}&accessToken=${t}`,
        }),
    },
  ];

  it('OpenAPI: every role x namespace privilege x route cell', async () => {
    const wrong: string[] = [];
    for (const user of USERS) {
      for (const cell of API_CELLS) {
        for (const ns of NAMESPACES) {
          const res = await cell.run(apiTokens.get(user.name)!, ns);
          const outcome =
            res.statusCode === 403
              ? 'denied'
              : res.statusCode === 200
                ? 'allowed'
                : `unexpected ${res.statusCode} ${res.body}`;
          const expected = expectedAllowed(user, cell.need, ns) ? 'allowed' : 'denied';
          if (outcome !== expected)
            wrong.push(`${user.name} / ${cell.name} / "${ns}": expected ${expected}, got ${outcome}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('OpenAPI: no token, a console token or a wrong password reaches nothing', async () => {
    for (const cell of API_CELLS) {
      expect((await cell.run('', '')).statusCode, cell.name).toBe(403);
      expect((await cell.run(consoleTokens.get('admin')!, '')).statusCode, cell.name).toBe(403);
    }
    const nodeStyle = await sdk().inject({
      method: 'GET',
      url: '/nacos/v1/cs/configs?dataId=seed&group=G&username=dev&password=wrong',
    });
    expect(nodeStyle.statusCode).toBe(403);
  });

  interface GrpcCell {
    name: string;
    need: 'read' | 'write';
    type: string;
    body: (ns: Ns) => Record<string, unknown>;
  }
  const service = (ns: Ns) => ({ namespace: nsName(ns), groupName: 'DEFAULT_GROUP', serviceName: 'seed' });
  const GRPC_CELLS: GrpcCell[] = [
    {
      name: 'config query',
      need: 'read',
      type: 'ConfigQueryRequest',
      body: (ns) => ({ dataId: 'seed', group: 'G', tenant: ns }),
    },
    {
      name: 'config publish',
      need: 'write',
      type: 'ConfigPublishRequest',
      body: (ns) => ({ dataId: unique('grpc'), group: 'G', tenant: ns, content: 'x' }),
    },
    {
      name: 'config remove',
      need: 'write',
      type: 'ConfigRemoveRequest',
      body: (ns) => ({ dataId: 'nothing', group: 'G', tenant: ns }),
    },
    {
      name: 'config listen',
      need: 'read',
      type: 'ConfigBatchListenRequest',
      body: (ns) => ({
        listen: true,
        module: 'config',
        configListenContexts: [{ dataId: 'seed', group: 'G', tenant: ns, md5: '' }],
      }),
    },
    {
      name: 'instance register',
      need: 'write',
      type: 'InstanceRequest',
      // its own service: the seed service holds persistent instances, a connection registers ephemeral ones
      body: (ns) => ({
        ...service(ns),
        serviceName: 'seed-grpc',
        type: 'registerInstance',
        instance: { ip: '10.7.0.1', port: 3000 + nextSeq() },
      }),
    },
    {
      name: 'service query',
      need: 'read',
      type: 'ServiceQueryRequest',
      body: (ns) => ({ ...service(ns), cluster: '', healthyOnly: false }),
    },
    {
      name: 'subscribe',
      need: 'read',
      type: 'SubscribeServiceRequest',
      body: (ns) => ({ ...service(ns), subscribe: true, clusters: '' }),
    },
    {
      name: 'service list',
      need: 'read',
      type: 'ServiceListRequest',
      body: (ns) => ({ namespace: nsName(ns), groupName: 'DEFAULT_GROUP', pageNo: 1, pageSize: 10, selector: '' }),
    },
  ];

  it('gRPC: every role x namespace privilege x request type cell', async () => {
    const wrong: string[] = [];
    for (const user of USERS) {
      for (const cell of GRPC_CELLS) {
        for (const ns of NAMESPACES) {
          const reply = await grpc.request(cell.type, cell.body(ns), { accessToken: apiTokens.get(user.name)! });
          const outcome =
            reply.body.errorCode === 403
              ? 'denied'
              : reply.body.resultCode === 200
                ? 'allowed'
                : `unexpected ${JSON.stringify(reply.body)}`;
          const expected = expectedAllowed(user, cell.need, ns) ? 'allowed' : 'denied';
          if (outcome !== expected)
            wrong.push(`${user.name} / ${cell.name} / "${ns}": expected ${expected}, got ${outcome}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gRPC: no token or a console token reaches nothing', async () => {
    for (const cell of GRPC_CELLS) {
      expect((await grpc.request(cell.type, cell.body(''))).body.errorCode, cell.name).toBe(403);
      expect(
        (await grpc.request(cell.type, cell.body(''), { accessToken: consoleTokens.get('admin')! })).body.errorCode,
        cell.name,
      ).toBe(403);
    }
  });
});
