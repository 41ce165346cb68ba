import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_DEVELOPER, ROLE_GUEST } from '../src/core/auth/user-model.js';
import { buildConsoleApp, call, type ConsoleApp } from './console-helpers.js';
import { RawNacosClient } from './grpc-raw-client.js';
import {
  consoleLogin,
  DIRECTORY,
  GROUPS,
  membership,
  PEOPLE,
  sdkLogin,
  SERVICE_DN,
  SERVICE_PASSWORD,
} from './ldap-fixture.js';
import { startLdap } from './ldap-server.js';

/**
 * Console and SDK logins of directory users against a real OpenLDAP server (slapd), beside local users.
 */
const ldap = await startLdap(DIRECTORY);
if (typeof ldap === 'string') console.warn(`LDAP login tests skipped: ${ldap}`);

afterAll(async () => {
  if (typeof ldap !== 'string') await ldap.stop();
});

describe.skipIf(typeof ldap === 'string')('LDAP login', () => {
  const directory = typeof ldap === 'string' ? undefined! : ldap;
  const apps: ConsoleApp[] = [];
  const appWith = async (env: Record<string, string>) => {
    const app = await buildConsoleApp({
      RNACOS_ENABLE_OPEN_API_AUTH: 'true',
      RNACOS_LDAP_ENABLE: 'true',
      RNACOS_LDAP_USER_BASE_DN: PEOPLE,
      RNACOS_LDAP_USER_FILTER: '(&(objectClass=inetOrgPerson)(cn=%s))',
      RNACOS_LDAP_USER_ADMIN_GROUP: 'nacos-admins,unique-admins',
      RNACOS_LDAP_USER_DEVELOPER_GROUP: 'nacos-devs, other-devs',
      ...env,
    });
    apps.push(app);
    return app;
  };
  let app: ConsoleApp;
  beforeAll(async () => {
    app = await appWith({
      RNACOS_LDAP_URL: directory.url,
      RNACOS_LDAP_BIND_DN: SERVICE_DN,
      RNACOS_LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
    });
  });
  afterAll(async () => {
    for (const a of apps) await a.dispose();
  });

  const userOf = (name: string) => app.core.auth.users.get(name);
  const rolesSeen = async (token: string) =>
    (await call(app.console, 'GET', 'v2/user/web_resources', { token })).json().data;

  it('logs a directory user in at the console and records them with source LDAP', async () => {
    const login = await consoleLogin(app.console, 'alice', 'alice-pw');
    expect(login).toMatchObject({ success: true });
    expect((await rolesSeen(login.token!)).username).toBe('alice');
    const list = (
      await call(app.console, 'GET', 'v2/user/list', { token: login.token, query: { likeUsername: 'alice' } })
    ).json();
    expect(list.data.list).toEqual([
      expect.objectContaining({ username: 'alice', source: 'LDAP', roles: [ROLE_ADMIN] }),
    ]);
  });

  it('gives an SDK a token for a directory user, and accepts its credentials on requests', async () => {
    const alice = await sdkLogin(app.sdkHttp, 'alice', 'alice-pw');
    expect(alice.status).toBe(200);
    expect(alice.json()).toMatchObject({ username: 'alice', globalAdmin: true });
    const bob = await sdkLogin(app.sdkHttp, 'bob', 'bob-pw');
    expect(bob.json()).toMatchObject({ username: 'bob', globalAdmin: false });
    expect(userOf('bob')?.roles).toEqual([ROLE_DEVELOPER]);

    // the Node SDK sends username and password on every request: a developer may publish
    const publish = (password: string) =>
      app.sdkHttp.inject({
        method: 'POST',
        url: '/nacos/v1/cs/configs',
        payload: new URLSearchParams({
          dataId: 'ldap.txt',
          group: 'G',
          content: 'x',
          username: 'bob',
          password,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await publish('bob-pw')).body).toBe('true');
    expect((await publish('not-bobs')).statusCode).toBe(403);
  });

  it('lets a gRPC client write with a directory developer token, and not with a directory guest token', async () => {
    const { grpc: port } = await app.listen();
    const client = new RawNacosClient(`127.0.0.1:${port}`);
    try {
      await client.connect();
      const publish = async (user: string, password: string) => {
        const token = (await sdkLogin(app.sdkHttp, user, password)).json().accessToken as string;
        const body = { dataId: `grpc-${user}`, group: 'G', tenant: '', content: 'x' };
        return (await client.request('ConfigPublishRequest', body, { accessToken: token })).body;
      };
      expect(await publish('bob', 'bob-pw')).toMatchObject({ resultCode: 200 });
      expect(await publish('carol', 'carol-pw')).toMatchObject({ errorCode: 403 });
    } finally {
      client.close();
    }
  });

  it('takes the role from the groups again at every login', async () => {
    expect((await consoleLogin(app.console, 'carol', 'carol-pw')).success).toBe(true);
    expect(userOf('carol')?.roles).toEqual([ROLE_GUEST]);

    directory.modify(membership('add', 'nacos-devs', 'carol'));
    expect((await sdkLogin(app.sdkHttp, 'carol', 'carol-pw')).status).toBe(200);
    expect(userOf('carol')?.roles).toEqual([ROLE_DEVELOPER]);

    directory.modify(membership('add', 'nacos-admins', 'carol'));
    const admin = await consoleLogin(app.console, 'carol', 'carol-pw');
    expect(userOf('carol')?.roles).toEqual([ROLE_ADMIN]);
    expect((await call(app.console, 'GET', 'v2/user/list', { token: admin.token })).json().success).toBe(true);

    directory.modify(membership('delete', 'nacos-admins', 'carol'));
    directory.modify(membership('delete', 'nacos-devs', 'carol'));
    const guest = await consoleLogin(app.console, 'carol', 'carol-pw');
    expect(userOf('carol')?.roles).toEqual([ROLE_GUEST]);
    // the admin session of before ended with the change of rights
    expect((await call(app.console, 'GET', 'v2/user/list', { token: admin.token })).headers['no-login']).toBe('1');
    expect((await rolesSeen(guest.token!)).username).toBe('carol');
  });

  it('refuses a wrong password, an unknown user and filter characters in the name', async () => {
    for (const [name, password] of [
      ['alice', 'wrong'],
      ['nobody', 'alice-pw'],
      ['*', 'alice-pw'],
      ['al*', 'alice-pw'],
      ['alice)(cn=*', 'alice-pw'],
      ['*)(|(cn=*', 'x'],
    ]) {
      const login = await consoleLogin(app.console, name, password);
      expect(login, `${name} / ${password}`).toMatchObject({ success: false, code: 'USER_CHECK_ERROR' });
    }
    expect((await sdkLogin(app.sdkHttp, 'bob', 'wrong')).status).toBe(403);
    expect(userOf('nobody')).toBeUndefined();
  });

  it('keeps a local user local: a directory entry of the same name cannot log in as it', async () => {
    expect(await consoleLogin(app.console, 'admin', 'directory-admin-pw')).toMatchObject({ success: false });
    expect((await sdkLogin(app.sdkHttp, 'admin', 'directory-admin-pw')).status).toBe(403);
    expect(userOf('admin')?.source).toBe('INNER');
    expect(await consoleLogin(app.console, 'admin', 'admin')).toMatchObject({ success: true });
  });

  it('refuses password changes of directory users, and logins of ones an admin disabled', async () => {
    const alice = await consoleLogin(app.console, 'alice', 'alice-pw');
    const own = await call(app.console, 'POST', 'v2/user/reset_password', {
      token: alice.token,
      json: { oldPassword: 'alice-pw', newPassword: 'new-pw' },
    });
    expect(own.json()).toMatchObject({ success: false, message: expect.stringContaining('LDAP user') });
    const admin = (await consoleLogin(app.console, 'admin', 'admin')).token;
    const byAdmin = await call(app.console, 'POST', 'v2/user/update', {
      token: admin,
      json: { username: 'bob', password: 'set-by-admin' },
    });
    expect(byAdmin.json()).toMatchObject({ success: false, message: expect.stringContaining('kept by the directory') });

    const disable = await call(app.console, 'POST', 'v2/user/update', {
      token: admin,
      json: { username: 'bob', enable: false },
    });
    expect(disable.json().success).toBe(true);
    expect(await consoleLogin(app.console, 'bob', 'bob-pw')).toMatchObject({
      success: false,
      code: 'USER_CHECK_ERROR',
    });
    await call(app.console, 'POST', 'v2/user/update', { token: admin, json: { username: 'bob', enable: true } });
    expect(await consoleLogin(app.console, 'bob', 'bob-pw')).toMatchObject({ success: true });
  });

  it('counts directory logins against the login limit', async () => {
    for (let i = 0; i < 5; i++)
      expect((await consoleLogin(app.console, 'erin', 'wrong')).code).toBe('USER_CHECK_ERROR');
    expect(await consoleLogin(app.console, 'erin', 'erin-pw')).toMatchObject({
      success: false,
      code: 'LOGIN_LIMITE_ERROR',
    });
  });

  it('finds a user outside the base RDN by a search bound as the bind DN', async () => {
    expect(await consoleLogin(app.console, 'dave', 'dave-pw')).toMatchObject({ success: true });
    expect(userOf('dave')?.roles).toEqual([ROLE_DEVELOPER]);
  });

  it('finds posixGroup and groupOfUniqueNames members under the group base DN', async () => {
    expect(await consoleLogin(app.console, 'frank', 'frank-pw')).toMatchObject({ success: true });
    expect(userOf('frank')?.roles).toEqual([ROLE_GUEST]);
    const grouped = await appWith({
      RNACOS_LDAP_URL: directory.url,
      RNACOS_LDAP_BIND_DN: SERVICE_DN,
      RNACOS_LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
      RNACOS_LDAP_GROUP_BASE_DN: GROUPS,
    });
    expect(await consoleLogin(grouped.console, 'frank', 'frank-pw')).toMatchObject({ success: true });
    expect(grouped.core.auth.users.get('frank')?.roles).toEqual([ROLE_DEVELOPER]);
    expect((await sdkLogin(grouped.sdkHttp, 'grace', 'grace-pw')).json()).toMatchObject({ globalAdmin: true });
    // memberOf still counts
    expect((await sdkLogin(grouped.sdkHttp, 'alice', 'alice-pw')).json()).toMatchObject({ globalAdmin: true });
  });

  it('without a bind DN binds as cn=<user>,<base DN>, as r-nacos does', async () => {
    const plain = await appWith({ RNACOS_LDAP_URL: directory.url });
    expect(await consoleLogin(plain.console, 'alice', 'alice-pw')).toMatchObject({ success: true });
    expect(plain.core.auth.users.get('alice')?.roles).toEqual([ROLE_ADMIN]);
    expect(await consoleLogin(plain.console, 'alice', 'wrong')).toMatchObject({ code: 'USER_CHECK_ERROR' });
    // anonymous searches are refused and dave is not at cn=dave,<base DN>: only a bind DN finds him
    expect(await consoleLogin(plain.console, 'dave', 'dave-pw')).toMatchObject({ success: false });
  });

  it('speaks ldaps:// and StartTLS, checking the server certificate', async () => {
    const bind = { RNACOS_LDAP_BIND_DN: SERVICE_DN, RNACOS_LDAP_BIND_PASSWORD: SERVICE_PASSWORD };
    const ldaps = await appWith({
      ...bind,
      RNACOS_LDAP_URL: directory.ldapsUrl,
      RNACOS_LDAP_TLS_CA_FILE: directory.caFile,
    });
    expect(await consoleLogin(ldaps.console, 'alice', 'alice-pw')).toMatchObject({ success: true });
    const startTls = await appWith({
      ...bind,
      RNACOS_LDAP_URL: directory.url,
      RNACOS_LDAP_STARTTLS: 'true',
      RNACOS_LDAP_TLS_CA_FILE: directory.caFile,
    });
    expect((await sdkLogin(startTls.sdkHttp, 'bob', 'bob-pw')).status).toBe(200);
    // the self-signed certificate is not trusted without the CA file
    const untrusted = await appWith({ ...bind, RNACOS_LDAP_URL: directory.url, RNACOS_LDAP_STARTTLS: 'true' });
    expect(await consoleLogin(untrusted.console, 'bob', 'bob-pw')).toMatchObject({
      success: false,
      code: 'LDAP_UNAVAILABLE',
      message: expect.stringMatching(/^the LDAP server cannot be reached \(.*certificate.*\)/),
    });
  });

  it('says the directory is unreachable while local users still log in', async () => {
    await directory.pause();
    try {
      const login = await consoleLogin(app.console, 'alice', 'alice-pw');
      expect(login).toMatchObject({
        success: false,
        code: 'LDAP_UNAVAILABLE',
        message: expect.stringMatching(
          /^the LDAP server cannot be reached \(.*ECONNREFUSED.*\); local users can still log in$/,
        ),
      });
      const sdk = await sdkLogin(app.sdkHttp, 'bob', 'bob-pw');
      expect(sdk.status).toBe(403);
      expect(sdk.body).toContain('LDAP server cannot be reached');
      expect(await consoleLogin(app.console, 'admin', 'admin')).toMatchObject({ success: true });
    } finally {
      await directory.start();
    }
    expect(await consoleLogin(app.console, 'alice', 'alice-pw')).toMatchObject({ success: true });
  });

  it('says the directory refused (not that it cannot be reached) when it answers the bind DN with an error', async () => {
    const refusing = await appWith({
      RNACOS_LDAP_URL: directory.url,
      RNACOS_LDAP_BIND_DN: SERVICE_DN,
      RNACOS_LDAP_BIND_PASSWORD: 'not-the-service-password',
    });
    const login = await consoleLogin(refusing.console, 'alice', 'alice-pw');
    expect(login).toMatchObject({ success: false, code: 'LDAP_REFUSED' });
    expect(login.message).toMatch(
      /^the LDAP server refused the login: the directory refused the bind DN's credentials/,
    );
    expect(login.message).toContain('LDAP result 49');
    expect(login.message).not.toContain('cannot be reached');
    const sdk = await sdkLogin(refusing.sdkHttp, 'bob', 'bob-pw');
    expect(sdk.status).toBe(403);
    expect(sdk.body).toContain('the LDAP server refused the login');
    // local users are not asked of the directory
    expect(await consoleLogin(refusing.console, 'admin', 'admin')).toMatchObject({ success: true });
  });
});
