import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { API, call, sessionFor, consoleAppWithAdmin, type ConsoleApp } from '../../../test/console-helpers.js';

describe('console users', () => {
  let app: ConsoleApp;
  let admin: string;
  beforeAll(async () => {
    ({ app, admin } = await consoleAppWithAdmin());
  });
  afterAll(() => app.dispose());

  it('adds, lists, updates and removes users', async () => {
    const add = await call(app.console, 'POST', 'v2/user/add', {
      token: admin,
      json: {
        username: 'dev1',
        nickname: 'Dev One',
        password: 'secret-password',
        enable: true,
        roles: '1,2',
        namespacePrivilegeParam: {
          enabled: true,
          whitelistIsAll: false,
          whitelist: ['', 'dev'],
          blacklistIsAll: false,
          blacklist: [],
        },
        somethingUnknown: 1,
      },
    });
    expect(add.json()).toEqual({ data: true, success: true, code: null, message: null });

    const list = (
      await call(app.console, 'GET', 'v2/user/list', {
        token: admin,
        query: { likeUsername: 'dev', pageNo: '1', pageSize: '10' },
      })
    ).json();
    expect(list.data.totalCount).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      username: 'dev1',
      nickname: 'Dev One',
      password: null,
      passwordHash: null,
      enable: true,
      roles: ['1', '2'],
      namespacePrivilege: {
        enabled: true,
        whitelistIsAll: false,
        whitelist: ['', 'dev'],
        blacklistIsAll: false,
        blacklist: [],
      },
    });
    expect(typeof list.data.list[0].gmtCreate).toBe('number');

    await call(app.console, 'POST', 'v2/user/update', {
      token: admin,
      json: { username: 'dev1', nickname: 'D1', enable: false, password: '' },
    });
    const updated = app.core.auth.users.get('dev1')!;
    expect(updated).toMatchObject({ nickname: 'D1', enabled: false, roles: ['1', '2'] });
    expect(await app.core.auth.users.hasPassword('dev1', 'secret-password')).toBe(true);

    const v1 = (await call(app.console, 'GET', 'user/list', { token: admin })).json();
    expect(v1.data.size).toBe(2);

    expect(
      (await call(app.console, 'POST', 'v2/user/remove', { token: admin, json: { username: 'dev1' } })).json().data,
    ).toBe(true);
    expect(app.core.auth.users.get('dev1')).toBeUndefined();
  });

  it('reports bad user input with a code and message', async () => {
    const noRoles = await call(app.console, 'POST', 'v2/user/add', {
      token: admin,
      json: { username: 'x', password: 'p-password' },
    });
    expect(noRoles.json()).toMatchObject({
      success: false,
      code: 'USER_ROLE_IS_EMPTY',
      message: 'user roles is empty',
    });
    const noPassword = await call(app.console, 'POST', 'v2/user/add', {
      token: admin,
      json: { username: 'x', roles: '1' },
    });
    expect(noPassword.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    const badRole = await call(app.console, 'POST', 'v2/user/add', {
      token: admin,
      json: { username: 'x', password: 'p-password', roles: '7' },
    });
    expect(badRole.json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: expect.stringContaining('unknown role'),
    });
    const dup = await call(app.console, 'POST', 'v2/user/add', {
      token: admin,
      json: { username: 'admin', password: 'p-password', roles: '1' },
    });
    expect(dup.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    const ghost = await call(app.console, 'POST', 'v2/user/update', {
      token: admin,
      json: { username: 'ghost', nickname: 'g' },
    });
    expect(ghost.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const badJson = await app.console.inject({
      method: 'POST',
      url: `${API}/v2/user/add`,
      cookies: { token: admin },
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    const wrongType = await call(app.console, 'POST', 'v2/user/add', {
      token: admin,
      json: { username: { a: 1 }, password: 'p-password', roles: '1' },
    });
    expect(wrongType.json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: 'username must be a string',
    });
    const page0 = await call(app.console, 'GET', 'v2/user/list', { token: admin, query: { pageNo: '0' } });
    expect(page0.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    const negative = await call(app.console, 'GET', 'v2/user/list', { token: admin, query: { pageSize: '-5' } });
    expect(negative.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
  });

  it('refuses to remove or demote the last admin and says so', async () => {
    const v2 = await call(app.console, 'POST', 'v2/user/remove', { token: admin, json: { username: 'admin' } });
    expect(v2.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: 'at least one admin must be reserved!',
    });
    const demote = await call(app.console, 'POST', 'v2/user/update', {
      token: admin,
      json: { username: 'admin', roles: '1' },
    });
    expect(demote.json().success).toBe(false);
    const v1 = await app.console.inject({
      method: 'POST',
      url: `${API}/user/remove`,
      cookies: { token: admin },
      payload: 'username=admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(v1.json()).toEqual({
      data: null,
      success: false,
      code: 'at least one admin must be reserved!',
      message: 'at least one admin must be reserved!',
    });
    expect(app.core.auth.users.get('admin')).toBeDefined();
  });

  it('refuses an admin deleting, demoting or disabling their own account, while another admin may', async () => {
    const { app, admin } = await consoleAppWithAdmin();
    onTestFinished(() => app.dispose());
    await app.core.auth.users.add({ username: 'boss2', password: 'pw-boss2', roles: ['0'] });
    const own = (path: string, json: Record<string, unknown>) =>
      call(app.console, 'POST', path, { token: admin, json: { username: 'admin', ...json } });
    expect((await own('v2/user/remove', {})).json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: 'you cannot delete your own account',
    });
    for (const change of [{ roles: '1' }, { enable: false }]) {
      expect((await own('v2/user/update', change)).json()).toMatchObject({
        success: false,
        message: 'you cannot take the admin role from your own account or disable it',
      });
    }
    expect(app.core.auth.users.get('admin')).toMatchObject({ roles: ['0'], enabled: true });
    // a nickname change of one's own account is fine, and another admin may demote this one
    expect((await own('v2/user/update', { nickname: 'Root' })).json().success).toBe(true);
    const boss2 = await sessionFor(app, 'boss2');
    const demote = await call(app.console, 'POST', 'v2/user/update', {
      token: boss2,
      json: { username: 'admin', roles: '1' },
    });
    expect(demote.json().success).toBe(true);
  });

  it('ends the sessions of a user whose password, roles or status change, or who is removed', async () => {
    const users = app.core.auth.users;
    await users.add({ username: 'temp', password: 'pw-password', roles: ['1'] });
    for (const change of [{ password: 'pw2-password' }, { roles: '2' }, { enable: false }]) {
      const token = await sessionFor(app, 'temp');
      expect((await call(app.console, 'GET', 'v2/user/info', { token })).json().success).toBe(true);
      await call(app.console, 'POST', 'v2/user/update', { token: admin, json: { username: 'temp', ...change } });
      expect((await call(app.console, 'GET', 'v2/user/info', { token })).json().code).toBe('NO_LOGIN');
      await users.update({ username: 'temp', enabled: true });
    }
    const token = await sessionFor(app, 'temp');
    await call(app.console, 'POST', 'v2/user/remove', { token: admin, json: { username: 'temp' } });
    expect((await call(app.console, 'GET', 'v2/user/info', { token })).json().code).toBe('NO_LOGIN');
  });

  it('lets a user change their own password and stay logged in there', async () => {
    await app.core.auth.users.add({ username: 'self', password: 'old-password', roles: ['2'] });
    const here = await sessionFor(app, 'self');
    const elsewhere = await sessionFor(app, 'self');
    const wrong = await call(app.console, 'POST', 'v2/user/reset_password', {
      token: here,
      json: { oldPassword: 'bad', newPassword: 'new-password' },
    });
    expect(wrong.json()).toMatchObject({ success: false, code: 'OLD_PASSWORD_INVALID' });
    const good = await call(app.console, 'POST', 'v2/user/reset_password', {
      token: here,
      json: { oldPassword: 'old-password', newPassword: 'new-password' },
    });
    expect(good.json().data).toBe(true);
    expect(await app.core.auth.users.hasPassword('self', 'new-password')).toBe(true);
    expect((await call(app.console, 'GET', 'v2/user/info', { token: here })).json().success).toBe(true);
    expect((await call(app.console, 'GET', 'v2/user/info', { token: elsewhere })).json().code).toBe('NO_LOGIN');
  });

  it('refuses a password for an OAuth2 user: no change of their own, no reset by an admin; says why', async () => {
    const users = app.core.auth.users;
    await users.recordExternal({ username: 'oauth-olga', nickname: 'Olga', source: 'OAUTH2', newRoles: ['1'] });
    const olga = await sessionFor(app, 'oauth-olga');
    const resources = (await call(app.console, 'GET', 'v2/user/web_resources', { token: olga })).json().data;
    expect(resources).toMatchObject({ username: 'oauth-olga', userSource: 'OAUTH2' });
    const own = await call(app.console, 'POST', 'v2/user/reset_password', {
      token: olga,
      json: { oldPassword: 'anything-at-all', newPassword: 'new-password' },
    });
    expect(own.json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: 'oauth-olga is an OAuth2 user: they sign in through the OAuth2 provider and have no password here',
    });
    const reset = await call(app.console, 'POST', 'v2/user/update', {
      token: admin,
      json: { username: 'oauth-olga', password: 'reset-by-admin' },
    });
    expect(reset.json()).toMatchObject({ success: false, code: 'PARAM_ERROR', message: /is an OAuth2 user/ });
    expect(await users.hasPassword('oauth-olga', 'reset-by-admin')).toBe(false);
    // the rest of the user stays editable, and the session lives on
    const edit = await call(app.console, 'POST', 'v2/user/update', {
      token: admin,
      json: { username: 'oauth-olga', nickname: 'Olga P', roles: '2' },
    });
    expect(edit.json().success).toBe(true);
    expect(users.get('oauth-olga')).toMatchObject({ nickname: 'Olga P', roles: ['2'], source: 'OAUTH2' });
    const local = (await call(app.console, 'GET', 'v2/user/web_resources', { token: admin })).json().data;
    expect(local.userSource).toBe('INNER');
  });

  it('refuses a password of blanks only: on create, on an admin setting one and on a change of ones own', async () => {
    const blanks = [' '.repeat(8), '\t'.repeat(10), '\u3000'.repeat(8), ' \u00a0\u200b\n \u2003\r\u3000 '];
    await app.core.auth.users.add({ username: 'blank1', password: 'old-password', roles: ['2'] });
    const own = await sessionFor(app, 'blank1');
    for (const password of blanks) {
      const add = await call(app.console, 'POST', 'v2/user/add', {
        token: admin,
        json: { username: 'blank2', password, roles: '2' },
      });
      expect(add.json(), JSON.stringify(password)).toMatchObject({ success: false, code: 'PARAM_ERROR' });
      const reset = await call(app.console, 'POST', 'v2/user/update', {
        token: admin,
        json: { username: 'blank1', password },
      });
      expect(reset.json(), JSON.stringify(password)).toMatchObject({ success: false, code: 'PARAM_ERROR' });
      const change = await call(app.console, 'POST', 'v2/user/reset_password', {
        token: own,
        json: { oldPassword: 'old-password', newPassword: password },
      });
      expect(change.json(), JSON.stringify(password)).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    }
    expect(app.core.auth.users.get('blank2')).toBeUndefined();
    expect(await app.core.auth.users.hasPassword('blank1', 'old-password')).toBe(true);
    // blanks inside a password are characters like any other
    const spaced = await call(app.console, 'POST', 'v2/user/update', {
      token: admin,
      json: { username: 'blank1', password: ' two words ' },
    });
    expect(spaced.json()).toMatchObject({ success: true });
  });

  it('refuses a user whose name differs from an existing one only in case', async () => {
    for (const username of ['ADMIN', 'Admin', '\uff41dmin']) {
      const add = await call(app.console, 'POST', 'v2/user/add', {
        token: admin,
        json: { username, password: 'some-password', roles: '0' },
      });
      expect(add.json(), username).toMatchObject({ success: false, code: 'CONFLICT' });
    }
    expect(app.core.auth.users.all().filter((u) => u.username.toLowerCase() === 'admin')).toHaveLength(1);
  });

  it('returns web resources per role', async () => {
    const users = app.core.auth.users;
    await users.add({ username: 'guest1', password: 'pw-password', roles: ['2'] });
    await users.add({ username: 'dev2', password: 'pw-password', roles: ['1'] });
    const resources = async (name: string) =>
      (await call(app.console, 'GET', 'v2/user/web_resources', { token: await sessionFor(app, name) })).json().data;
    const guest = await resources('guest1');
    expect(guest).toMatchObject({ from: '', username: 'guest1', version: expect.any(String) });
    expect(guest.resources).toContain('/manage/configs');
    expect(guest.resources).not.toContain('CONFIG_UPDATE');
    expect(guest.resources).not.toContain('/manage/namespace');
    const dev = await resources('dev2');
    expect(dev.resources).toEqual(
      expect.arrayContaining(['CONFIG_UPDATE', 'SERVICE_UPDATE', 'NAMESPACE_UPDATE', '/manage/appmonitor']),
    );
    expect(dev.resources).not.toContain('/manage/user');
    const adm = await resources('admin');
    expect(adm.resources).toEqual(
      expect.arrayContaining(['/manage/user', '/manage/transfer', 'USER_UPDATE', 'CONFIG_UPDATE']),
    );
  });

  it('keeps non-admins out of user management', async () => {
    await app.core.auth.users.add({ username: 'dev3', password: 'pw-password', roles: ['1'] });
    const token = await sessionFor(app, 'dev3');
    const res = await call(app.console, 'GET', 'v2/user/list', { token });
    expect(res.headers['no-permission']).toBe('1');
    expect(res.json()).toEqual({ data: null, success: false, code: 'NO_PERMISSION', msg: null });
    const page = await app.console.inject({ method: 'GET', url: '/rnacos/manage/user', cookies: { token } });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/rnacos/nopermission?path=/rnacos/manage/user');
  });

  it('keeps the v1 routes with form bodies', async () => {
    const formCall = (path: string, fields: Record<string, string>, token = admin) =>
      app.console.inject({
        method: 'POST',
        url: `${API}/${path}`,
        cookies: { token },
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect(
      (await formCall('user/add', { username: 'formUser', nickname: 'F', password: 'pw1-password', roles: '2' })).json()
        .data,
    ).toBe(true);
    expect((await formCall('user/update', { username: 'formUser', nickname: 'F2', enable: 'true' })).json().data).toBe(
      true,
    );
    expect(app.core.auth.users.get('formUser')).toMatchObject({ nickname: 'F2', roles: ['2'] });
    const token = await sessionFor(app, 'formUser');
    expect((await call(app.console, 'GET', 'user/info', { token })).json().data).toEqual({
      username: 'formUser',
      nickname: 'F2',
    });
    expect((await call(app.console, 'GET', 'user/web_resources', { token })).json().data.username).toBe('formUser');
    expect(
      (
        await formCall('user/reset_password', { oldPassword: 'pw1-password', newPassword: 'pw2-password' }, token)
      ).json().data,
    ).toBe(true);
    expect(await app.core.auth.users.hasPassword('formUser', 'pw2-password')).toBe(true);
    expect((await formCall('user/remove', { username: 'formUser' })).json().data).toBe(true);
  });
});
