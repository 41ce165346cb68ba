import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, listeningTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
let base: string;
let adminToken: string;
beforeAll(async () => {
  ({ app, base } = await listeningTestApp({ RNACOS_ENABLE_OPEN_API_AUTH: 'true' }));
  const login = await app.sdkHttp.inject({
    method: 'POST',
    url: '/nacos/v3/auth/user/login',
    ...form({ username: 'admin', password: 'admin' }),
  });
  adminToken = login.json().accessToken;
});
afterAll(() => app.dispose());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, fields: Record<string, string> = {}, token = adminToken) =>
  method === 'POST' || method === 'PUT'
    ? app.sdkHttp.inject({
        method,
        url: path,
        payload: form(fields).payload,
        headers: { ...form({}).headers, accessToken: token },
      })
    : app.sdkHttp.inject({ method, url: `${path}?${new URLSearchParams(fields)}`, headers: { accessToken: token } });

const login = async (username: string, password: string) =>
  (await app.sdkHttp.inject({ method: 'POST', url: '/nacos/v3/auth/user/login', ...form({ username, password }) }))
    .statusCode;

describe('/nacos/v3/auth/user and /role (auth on)', () => {
  it('creates a user reaching nothing, binds and unbinds a role, changes the password, deletes the user', async () => {
    expect((await call('POST', '/nacos/v3/auth/user', { username: 'ops', password: 'ops-pass-1' })).json()).toEqual({
      code: 0,
      message: 'success',
      data: 'create user ok!',
    });
    expect(app.core.auth.users.get('ops')).toMatchObject({
      roles: ['2'],
      namespacePrivilege: { whitelistIsAll: false, blacklistIsAll: true },
    });
    expect((await call('POST', '/nacos/v3/auth/role', { role: 'ROLE_DEVELOPER', username: 'ops' })).json().data).toBe(
      'add role ok!',
    );
    expect(app.core.auth.users.get('ops')?.roles).toEqual(['2', '1']);
    const roles = (
      await call('GET', '/nacos/v3/auth/role/list', { pageNo: '1', pageSize: '10', username: 'ops' })
    ).json();
    expect(roles.data).toMatchObject({
      totalCount: 2,
      pageItems: [
        { role: 'ROLE_GUEST', username: 'ops' },
        { role: 'ROLE_DEVELOPER', username: 'ops' },
      ],
    });
    const list = (await call('GET', '/nacos/v3/auth/user/list', { pageNo: '1', pageSize: '10' })).json().data;
    expect(list.pageItems).toEqual(
      expect.arrayContaining([
        { username: 'admin', password: '' },
        { username: 'ops', password: '' },
      ]),
    );
    expect((await call('GET', '/nacos/v3/auth/user/search', { username: 'op' })).json().data).toEqual(['ops']);
    await call('PUT', '/nacos/v3/auth/user', { username: 'ops', newPassword: 'ops-pass-2' });
    expect(await login('ops', 'ops-pass-2')).toBe(200);
    await call('DELETE', '/nacos/v3/auth/role', { role: 'ROLE_DEVELOPER', username: 'ops' });
    expect(app.core.auth.users.get('ops')?.roles).toEqual(['2']);
    // a tsnacos user keeps one role at least
    expect((await call('DELETE', '/nacos/v3/auth/role', { role: 'ROLE_GUEST', username: 'ops' })).statusCode).toBe(400);
    expect((await call('DELETE', '/nacos/v3/auth/user', { username: 'ops' })).json().data).toBe('delete user ok!');
    expect(app.core.auth.users.get('ops')).toBeUndefined();
  });

  it('refuses unknown roles and users, a taken name, and removing the last admin', async () => {
    expect((await call('POST', '/nacos/v3/auth/role', { role: 'ROLE_CUSTOM', username: 'admin' })).json().code).toBe(
      20002,
    );
    expect((await call('POST', '/nacos/v3/auth/role', { role: 'ROLE_GUEST', username: 'nobody' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/nacos/v3/auth/user', { username: 'admin', password: 'x-pass-123' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/nacos/v3/auth/user', { username: 'x' })).json().code).toBe(10000);
    const lastAdmin = await call('DELETE', '/nacos/v3/auth/role', { role: 'ROLE_ADMIN' });
    expect(lastAdmin.statusCode).toBeGreaterThanOrEqual(400);
    expect(app.core.auth.users.get('admin')?.roles).toContain('0');
    expect((await call('GET', '/nacos/v3/auth/role/search', { role: 'DEV' })).json().data).toEqual(['ROLE_DEVELOPER']);
  });

  it("answers nacos's first-admin setup, without a token, that an admin exists, and changes nothing", async () => {
    const setup = await call('POST', '/nacos/v3/auth/user/admin', { password: 'taken-over-1' }, '');
    expect([setup.statusCode, setup.json()]).toEqual([
      200,
      { code: 409, message: 'have admin user cannot use it.', data: null },
    ]);
    expect(await login('admin', 'taken-over-1')).toBe(403);
    expect(await login('admin', 'admin')).toBe(200);
  });

  it('is for admins only, over a real socket', async () => {
    await app.core.auth.users.add({ username: 'dev', password: 'dev-password', roles: ['1'] });
    const token = (
      await app.sdkHttp.inject({
        method: 'POST',
        url: '/nacos/v3/auth/user/login',
        ...form({ username: 'dev', password: 'dev-password' }),
      })
    ).json().accessToken;
    const res = await fetch(`${base}/nacos/v3/auth/user/list?pageNo=1&pageSize=10`, {
      headers: { accessToken: token },
    });
    expect(res.status).toBe(403);
    const admin = await fetch(`${base}/nacos/v3/auth/user/list?pageNo=1&pageSize=10`, {
      headers: { accessToken: adminToken },
    });
    expect(admin.status).toBe(200);
  });
});
