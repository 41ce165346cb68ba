import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, form, listeningTestApp, type TestApp } from '../../../test/helpers.js';
import { RequestPipeline } from '../http-common/request-pipeline.js';
import { apiAuthStage } from './api-auth-hook.js';
import { createConfigFastPath } from './config-fast-path.js';
import { createNamingFastPath } from './naming-fast-path.js';

describe('OpenAPI auth off', () => {
  it('lets every call through and answers logins with AUTH_DISABLED', async () => {
    const app = await buildTestApp();
    try {
      const login = await app.sdkHttp.inject({
        method: 'POST',
        url: '/nacos/v1/auth/login',
        ...form({ username: 'x', password: 'wrong' }),
      });
      expect(login.json()).toMatchObject({ accessToken: 'AUTH_DISABLED', globalAdmin: true });
      const rnacosLogin = await app.sdkHttp.inject({
        method: 'POST',
        url: '/rnacos/v1/auth/user/login',
        ...form({ username: 'x', password: 'wrong' }),
      });
      expect(rnacosLogin.json()).toMatchObject({ accessToken: 'AUTH_DISABLED', globalAdmin: true });
      const publish = await app.sdkHttp.inject({
        method: 'POST',
        url: '/nacos/v1/cs/configs',
        ...form({ dataId: 'd', group: 'G', content: 'c' }),
      });
      expect(publish.body).toBe('true');
    } finally {
      await app.dispose();
    }
  });
});

/** A developer of the default and `dev` namespaces, and a guest (read only, every namespace). */
async function addUsers(app: TestApp) {
  await app.core.auth.users.add({
    username: 'dev',
    password: 'devpw-password',
    roles: ['1'],
    namespacePrivilege: { whitelistIsAll: false, whitelist: ['', 'dev'] },
  });
  await app.core.auth.users.add({ username: 'guest', password: 'guestpw-password', roles: ['2'] });
}

describe('OpenAPI auth on', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true', RNACOS_API_LOGIN_TIMEOUT: '600' } });
    await addUsers(app);
  });
  afterAll(() => app.dispose());

  const login = async (username: string, password: string) =>
    app.sdkHttp.inject({
      method: 'POST',
      url: `/nacos/v1/auth/users/login?username=${username}`,
      ...form({ password }),
    });
  const tokenOf = async (username: string, password: string) =>
    (await login(username, password)).json().accessToken as string;
  const getConfig = (query: string, headers: Record<string, string> = {}) =>
    app.sdkHttp.inject({ method: 'GET', url: `/nacos/v1/cs/configs?dataId=d&group=G&${query}`, headers });
  const publish = (fields: Record<string, string>) =>
    app.sdkHttp.inject({
      method: 'POST',
      url: '/nacos/v1/cs/configs',
      ...form({ dataId: 'd', group: 'G', content: 'c', ...fields }),
    });

  it('issues a token with the configured lifetime and refuses wrong credentials with 403', async () => {
    const ok = await login('admin', 'admin');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      accessToken: expect.stringMatching(/^[0-9a-f]{64}$/),
      tokenTtl: 600,
      globalAdmin: true,
      username: 'admin',
    });
    expect(ok.headers.authorization).toBe(`Bearer ${ok.json().accessToken}`);
    const bad = await login('admin', 'nope');
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toMatchObject({
      status: 403,
      error: 'Forbidden',
      message: 'unknown user!',
      path: '/nacos/v1/auth/users/login',
    });
    expect((await login('dev', 'devpw-password')).json().globalAdmin).toBe(false);
  });

  it('requires a token, in any of the places clients put it', async () => {
    const none = await getConfig('');
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ status: 403, message: 'unknown user!' });
    expect((await getConfig('accessToken=' + 'a'.repeat(64))).statusCode).toBe(403);
    const token = await tokenOf('admin', 'admin');
    expect((await publish({ accessToken: token })).body).toBe('true');
    expect((await getConfig(`accessToken=${token}`)).body).toBe('c');
    expect((await getConfig('', { authorization: `Bearer ${token}` })).body).toBe('c');
    expect((await getConfig('', { accesstoken: token })).body).toBe('c');
    // The Node SDK sends username and password on every request.
    expect((await getConfig('username=admin&password=admin')).body).toBe('c');
    expect((await getConfig('username=admin&password=wrong')).statusCode).toBe(403);
  });

  it('keeps guests to reading', async () => {
    const token = await tokenOf('guest', 'guestpw-password');
    expect((await getConfig(`accessToken=${token}`)).statusCode).toBe(200);
    const write = await publish({ accessToken: token, content: 'guest' });
    expect(write.statusCode).toBe(403);
    const remove = await app.sdkHttp.inject({
      method: 'DELETE',
      url: `/nacos/v1/cs/configs?dataId=d&group=G&accessToken=${token}`,
    });
    expect(remove.statusCode).toBe(403);
  });

  it('applies the namespace privilege, including to each listened config', async () => {
    const token = await tokenOf('dev', 'devpw-password');
    expect((await publish({ accessToken: token, tenant: 'dev' })).body).toBe('true');
    expect((await publish({ accessToken: token, tenant: 'prod' })).statusCode).toBe(403);
    expect((await getConfig(`tenant=prod&accessToken=${token}`)).statusCode).toBe(403);
    const listen = (tenants: string[]) =>
      app.sdkHttp.inject({
        method: 'POST',
        url: `/nacos/v1/cs/configs/listener?accessToken=${token}`,
        ...form({ 'Listening-Configs': tenants.map((t) => `d\u0002G\u0002x\u0002${t}\u0001`).join('') }),
      });
    expect((await listen(['dev'])).statusCode).toBe(200);
    expect((await listen(['dev', 'prod'])).statusCode).toBe(403);
  });

  it("answers r-nacos's own login route /rnacos/v1/auth/user/login as the others, GET and POST, without a token", async () => {
    const post = await app.sdkHttp.inject({
      method: 'POST',
      url: '/rnacos/v1/auth/user/login',
      ...form({ username: 'dev', password: 'devpw-password' }),
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({
      accessToken: expect.stringMatching(/^[0-9a-f]{64}$/),
      tokenTtl: 600,
      globalAdmin: false,
      username: 'dev',
    });
    expect((await getConfig(`accessToken=${post.json().accessToken}`)).statusCode).not.toBe(403);
    const get = await app.sdkHttp.inject({
      method: 'GET',
      url: '/rnacos/v1/auth/user/login?username=dev&password=devpw-password',
    });
    expect([get.statusCode, get.json().username]).toEqual([200, 'dev']);
    const bad = await app.sdkHttp.inject({
      method: 'POST',
      url: '/rnacos/v1/auth/user/login',
      ...form({ username: 'dev', password: 'nope' }),
    });
    expect([bad.statusCode, bad.json().message, bad.json().path]).toEqual([
      403,
      'unknown user!',
      '/rnacos/v1/auth/user/login',
    ]);
  });

  it('leaves probes and logins open', async () => {
    expect((await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v1/console/health/liveness' })).statusCode).toBe(
      200,
    );
    expect((await app.sdkHttp.inject({ method: 'GET', url: '/nacos/health' })).statusCode).toBe(200);
  });

  it('stops accepting a token when its user is disabled', async () => {
    await app.core.auth.users.add({ username: 'temp', password: 'pw-password', roles: ['1'] });
    const token = await tokenOf('temp', 'pw-password');
    expect((await getConfig(`accessToken=${token}`)).statusCode).toBe(200);
    await app.core.auth.users.update({ username: 'temp', enabled: false });
    expect((await getConfig(`accessToken=${token}`)).statusCode).toBe(403);
    expect((await getConfig('username=temp&password=pw-password')).statusCode).toBe(403);
  });
});

/** The fast paths answer a token that may at once, and leave everything else to the routes' check. */
describe('OpenAPI auth on, on the fast paths', () => {
  let app: TestApp;
  let base: string;
  let tokens: Record<'admin' | 'dev' | 'guest', string>;
  beforeAll(async () => {
    ({ app, base } = await listeningTestApp({ RNACOS_ENABLE_OPEN_API_AUTH: 'true' }));
    await addUsers(app);
    const tokenOf = async (username: string, password: string) =>
      (await app.core.auth.apiLogin(username, password)).token;
    tokens = {
      admin: await tokenOf('admin', 'admin'),
      dev: await tokenOf('dev', 'devpw-password'),
      guest: await tokenOf('guest', 'guestpw-password'),
    };
    for (const namespaceId of ['', 'dev', 'prod']) {
      await app.core.configs.publish({
        namespaceId,
        group: 'G',
        dataId: 'd',
        content: `in ${namespaceId || 'public'}`,
      });
    }
  });
  afterAll(() => app.dispose());

  const request = (method: string, url: string, headers: Record<string, string> = {}) =>
    Object.assign(new EventEmitter(), { method, url, headers, socket: { remoteAddress: '127.0.0.1' } });
  const sent = () => {
    const answers: number[] = [];
    const res = { writeHead: (status: number) => answers.push(status), end: () => undefined };
    return { answers, res: res as unknown as ServerResponse };
  };

  it('answers a read or a beat at once only for a token that may do it in that namespace', () => {
    const pipeline = new RequestPipeline().use(apiAuthStage(app.core.apiAccess));
    const configs = createConfigFastPath({ configs: app.core.configs, pipeline });
    const naming = createNamingFastPath({ naming: app.core.naming, udpPush: false, pipeline });
    const getConfig = (query: string, headers: Record<string, string> = {}) => {
      const { answers, res } = sent();
      const took = configs(request('GET', `/nacos/v1/cs/configs?dataId=d&group=G&${query}`, headers) as never, res);
      return took ? answers[0] : 'routes';
    };
    const beat = (token: string, namespace: string) => {
      const { answers, res } = sent();
      const url = `/nacos/v1/ns/instance/beat?serviceName=s&ip=1.1.1.1&port=1&namespaceId=${namespace}&accessToken=${token}`;
      return naming(request('PUT', url) as never, res) ? answers[0] : 'routes';
    };
    expect(getConfig(`accessToken=${tokens.admin}`)).toBe(200);
    expect(getConfig('', { authorization: `Bearer ${tokens.guest}` })).toBe(200);
    expect(getConfig('tenant=dev', { accesstoken: tokens.dev })).toBe(200);
    // refused, or not decidable at once: the routes' check answers
    expect(getConfig('')).toBe('routes');
    expect(getConfig(`accessToken=${'a'.repeat(64)}`)).toBe('routes');
    expect(getConfig(`tenant=prod&accessToken=${tokens.dev}`)).toBe('routes');
    expect(getConfig('username=admin&password=admin')).toBe('routes');
    expect(beat(tokens.admin, 'dev')).toBe(200);
    expect(beat(tokens.dev, 'dev')).toBe(200);
    expect(beat(tokens.dev, 'prod')).toBe('routes');
    expect(beat(tokens.guest, 'dev')).toBe('routes'); // a beat writes
  });

  it('gives every caller over the socket what the routes give', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      [`accessToken=${tokens.admin}`, {}],
      ['tenant=dev', { authorization: `Bearer ${tokens.dev}` }],
      [`tenant=prod&accessToken=${tokens.dev}`, {}],
      [`accessToken=${'a'.repeat(64)}`, {}],
      ['', {}],
      ['username=guest&password=guestpw-password', {}],
      ['username=guest&password=wrong', {}],
    ];
    for (const [query, headers] of cases) {
      const url = `/nacos/v1/cs/configs?dataId=d&group=G&${query}`;
      const viaSocket = await fetch(`${base}${url}`, { headers });
      const viaRoutes = await app.sdkHttp.inject({ method: 'GET', url, headers });
      const routesBody = viaRoutes.statusCode === 403 ? { ...viaRoutes.json(), timestamp: 0 } : viaRoutes.body;
      const socketBody =
        viaSocket.status === 403 ? { ...(await viaSocket.json()), timestamp: 0 } : await viaSocket.text();
      expect([viaSocket.status, socketBody], query).toEqual([viaRoutes.statusCode, routesBody]);
    }
    const readable = await fetch(`${base}/nacos/v1/cs/configs?dataId=d&group=G&tenant=dev&accessToken=${tokens.dev}`);
    expect(await readable.text()).toBe('in dev');
  });
});
