import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';

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

describe('OpenAPI auth on', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true', RNACOS_API_LOGIN_TIMEOUT: '600' } });
    await app.core.auth.users.add({
      username: 'dev',
      password: 'devpw-password',
      roles: ['1'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['', 'dev'] },
    });
    await app.core.auth.users.add({ username: 'guest', password: 'guestpw-password', roles: ['2'] });
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
