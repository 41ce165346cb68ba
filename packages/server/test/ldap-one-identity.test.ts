import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/core/auth/password.js';
import { ALL_NAMESPACES, ROLE_ADMIN, type User } from '../src/core/auth/user-model.js';
import { openSqliteStores } from '../src/storage/sqlite/sqlite-stores.js';
import { buildConsoleApp, call, knownCaptcha, type ConsoleApp } from './console-helpers.js';
import { RawNacosClient } from './grpc-raw-client.js';
import { consoleLogin, DIRECTORY, PEOPLE, sdkLogin, SERVICE_DN, SERVICE_PASSWORD } from './ldap-fixture.js';
import { startLdap } from './ldap-server.js';
import { buildTestApp, tempDataDir } from './helpers.js';

/**
 * The directory matches names case-insensitively, so every spelling of a name is one directory account and
 * must be one user here: disabling it or narrowing its namespaces holds whatever the case typed, on every
 * door (console login, SDK login, credentials on SDK requests, gRPC tokens). Against a real slapd.
 */
const ldap = await startLdap(DIRECTORY);
if (typeof ldap === 'string') console.warn(`LDAP identity tests skipped: ${ldap}`);

afterAll(async () => {
  if (typeof ldap !== 'string') await ldap.stop();
});

const SPELLINGS = ['alice', 'Alice', 'ALICE', 'aLiCe'];

describe.skipIf(typeof ldap === 'string')('LDAP logins: one user per directory account', () => {
  const directory = typeof ldap === 'string' ? undefined! : ldap;
  const env = () => ({
    RNACOS_ENABLE_OPEN_API_AUTH: 'true',
    RNACOS_LDAP_ENABLE: 'true',
    RNACOS_LDAP_URL: directory.url,
    RNACOS_LDAP_USER_BASE_DN: PEOPLE,
    RNACOS_LDAP_USER_FILTER: '(&(objectClass=inetOrgPerson)(cn=%s))',
    RNACOS_LDAP_BIND_DN: SERVICE_DN,
    RNACOS_LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
    RNACOS_LDAP_USER_ADMIN_GROUP: 'nacos-admins',
    // refusals below must come from the user's state, not from the login limit
    RNACOS_CONSOLE_LOGIN_ONE_HOUR_LIMIT: '1000',
  });
  let app: ConsoleApp;
  let admin: string;
  let grpc: RawNacosClient;
  beforeAll(async () => {
    app = await buildConsoleApp(env());
    admin = (await consoleLogin(app.console, 'admin', 'admin')).token!;
    grpc = new RawNacosClient(`127.0.0.1:${(await app.listen()).grpc}`);
    await grpc.connect();
  });
  afterAll(async () => {
    grpc?.close();
    await app?.dispose();
  });

  const rowsLike = (name: string) =>
    app.core.auth.users
      .all()
      .map((u) => u.username)
      .filter((n) => n.toLowerCase() === name.toLowerCase());
  const editUser = async (json: Record<string, unknown>) =>
    expect((await call(app.console, 'POST', 'v2/user/update', { token: admin, json })).json()).toMatchObject({
      success: true,
    });
  const sdkRead = (query: Record<string, string>) =>
    app.sdkHttp.inject({
      method: 'GET',
      url: '/nacos/v1/cs/configs',
      query: { dataId: 'one.txt', group: 'G', ...query },
    });
  const grpcRead = async (token: string, tenant: string) =>
    (await grpc.request('ConfigQueryRequest', { dataId: 'one.txt', group: 'G', tenant }, { accessToken: token })).body;
  const consoleList = async (token: string | undefined, tenant: string) =>
    (
      await call(app.console, 'GET', 'v2/config/list', { token, query: { tenant, pageNo: '1', pageSize: '10' } })
    ).json();

  it('every spelling logs in as the one recorded user, on the console and the SDK doors', async () => {
    for (const name of SPELLINGS) {
      const login = await consoleLogin(app.console, name, 'alice-pw');
      expect(login, name).toMatchObject({ success: true });
      const me = (await call(app.console, 'GET', 'v2/user/web_resources', { token: login.token })).json().data;
      expect(me.username, name).toBe('alice');
      expect((await sdkLogin(app.sdkHttp, name, 'alice-pw')).json(), name).toMatchObject({
        username: 'alice',
        globalAdmin: true,
      });
    }
    expect(rowsLike('alice')).toEqual(['alice']);
    expect(app.core.auth.users.get('alice')).toMatchObject({ source: 'LDAP', roles: [ROLE_ADMIN] });
  });

  it('a disabled directory user is refused under every spelling, on every door', async () => {
    expect((await consoleLogin(app.console, 'alice', 'alice-pw')).success).toBe(true);
    // tokens an SDK got under other spellings before the admin acted
    const tokens: string[] = [];
    for (const name of SPELLINGS)
      tokens.push((await sdkLogin(app.sdkHttp, name, 'alice-pw')).json().accessToken as string);
    await editUser({ username: 'alice', enable: false });
    try {
      for (const name of SPELLINGS) {
        expect(await consoleLogin(app.console, name, 'alice-pw'), name).toMatchObject({
          success: false,
          code: 'USER_CHECK_ERROR',
        });
        const sdk = await sdkLogin(app.sdkHttp, name, 'alice-pw');
        expect([sdk.status, sdk.body], name).toEqual([403, expect.stringContaining('unknown user')]);
        const withCredentials = await sdkRead({ username: name, password: 'alice-pw' });
        expect([withCredentials.statusCode, withCredentials.body], name).toEqual([
          403,
          expect.stringContaining('unknown user'),
        ]);
      }
      for (const token of tokens) {
        expect((await sdkRead({ accessToken: token })).statusCode).toBe(403);
        expect(await grpcRead(token, '')).toMatchObject({ errorCode: 403 });
      }
      expect(rowsLike('alice')).toEqual(['alice']);
    } finally {
      await editUser({ username: 'alice', enable: true });
    }
    expect((await consoleLogin(app.console, 'ALICE', 'alice-pw')).success).toBe(true);
  });

  it('namespaces an admin narrowed hold for every spelling, on every door', async () => {
    expect((await consoleLogin(app.console, 'alice', 'alice-pw')).success).toBe(true);
    await editUser({ username: 'alice', namespacePrivilege: { whitelistIsAll: false, whitelist: ['dev'] } });
    try {
      for (const name of SPELLINGS) {
        const sdk = await sdkLogin(app.sdkHttp, name, 'alice-pw');
        expect(sdk.status, name).toBe(200);
        const token = sdk.json().accessToken as string;
        expect((await sdkRead({ accessToken: token })).statusCode, name).toBe(403);
        expect((await sdkRead({ accessToken: token, tenant: 'dev' })).statusCode, name).toBe(404);
        expect(await grpcRead(token, ''), name).toMatchObject({ errorCode: 403 });
        expect((await sdkRead({ username: name, password: 'alice-pw' })).statusCode, name).toBe(403);
        const console = await consoleLogin(app.console, name, 'alice-pw');
        expect(await consoleList(console.token, ''), name).toMatchObject({ code: 'NO_NAMESPACE_PERMISSION' });
        expect(await consoleList(console.token, 'dev'), name).toMatchObject({ success: true });
      }
      expect(rowsLike('alice')).toEqual(['alice']);
    } finally {
      await editUser({ username: 'alice', namespacePrivilege: { whitelistIsAll: true, whitelist: [] } });
    }
  });

  it('a directory entry spelled like the local admin in other letters never logs in beside it', async () => {
    for (const name of ['ADMIN', 'Admin']) {
      expect(await consoleLogin(app.console, name, 'directory-admin-pw'), name).toMatchObject({ success: false });
      expect((await sdkLogin(app.sdkHttp, name, 'directory-admin-pw')).status, name).toBe(403);
    }
    expect(rowsLike('admin')).toEqual(['admin']);
    expect(app.core.auth.users.get('admin')?.source).toBe('INNER');
  });

  it("records a new user under the directory's own spelling of the name", async () => {
    expect(await consoleLogin(app.console, 'hank', 'hank-pw')).toMatchObject({ success: true });
    expect((await sdkLogin(app.sdkHttp, 'HANK', 'hank-pw')).json()).toMatchObject({ username: 'Hank' });
    expect(rowsLike('hank')).toEqual(['Hank']);
  });

  it('keeps case-insensitive names in the login limit: other spellings do not earn more guesses', async () => {
    const limited = await buildConsoleApp({ ...env(), RNACOS_CONSOLE_LOGIN_ONE_HOUR_LIMIT: '3' });
    try {
      for (const name of ['bob', 'Bob', 'BOB']) {
        expect((await consoleLogin(limited.console, name, 'wrong')).code, name).toBe('USER_CHECK_ERROR');
      }
      expect(await consoleLogin(limited.console, 'bOb', 'bob-pw')).toMatchObject({ code: 'LOGIN_LIMITE_ERROR' });
    } finally {
      await limited.dispose();
    }
  });
});

describe.skipIf(typeof ldap === 'string')('LDAP logins over a store holding spellings from before', () => {
  const directory = typeof ldap === 'string' ? undefined! : ldap;
  const hour = 3_600_000;
  const tokenOf = (n: number) => n.toString(16).padStart(64, '0');
  const ldapUser = (username: string, createdAt: number, enabled: boolean): User => ({
    username,
    nickname: username,
    passwordHash: '',
    enabled,
    roles: [ROLE_ADMIN],
    extendInfo: {},
    namespacePrivilege: ALL_NAMESPACES,
    source: 'LDAP',
    createdAt,
    modifiedAt: createdAt,
  });

  it('the first recorded spelling is the user: its disabling holds, and the later ones and their sessions never act', async () => {
    const dataDir = tempDataDir();
    // what an older release left: alice, disabled by an admin, and Alice recorded by a later login
    const stores = openSqliteStores(dataDir);
    const now = Date.now();
    const admin: User = { ...ldapUser('admin', 0, true), source: 'INNER', passwordHash: await hashPassword('admin') };
    await stores.users.change(() => ({ save: admin, result: undefined }));
    await stores.users.change(() => ({ save: ldapUser('alice', now - 2 * hour, false), result: undefined }));
    await stores.users.change(() => ({ save: ldapUser('Alice', now - hour, true), result: undefined }));
    for (const [n, kind] of [
      [1, 'console'],
      [2, 'api'],
    ] as const) {
      const tokenHash = createHash('sha256').update(tokenOf(n)).digest('hex');
      await stores.sessions.add({ tokenHash, kind, username: 'Alice', createdAt: now, expiresAt: now + hour });
    }
    await stores.close();

    const app = await buildTestApp({
      dataDir,
      captchaSource: knownCaptcha,
      env: {
        RNACOS_ENABLE_OPEN_API_AUTH: 'true',
        RNACOS_LDAP_ENABLE: 'true',
        RNACOS_LDAP_URL: directory.url,
        RNACOS_LDAP_USER_BASE_DN: PEOPLE,
        RNACOS_LDAP_BIND_DN: SERVICE_DN,
        RNACOS_LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
        RNACOS_LDAP_USER_ADMIN_GROUP: 'nacos-admins',
      },
    });
    try {
      const console = app.consoleHttp!;
      for (const name of SPELLINGS) {
        expect(await consoleLogin(console, name, 'alice-pw'), name).toMatchObject({ success: false });
      }
      const noLogin = await call(console, 'GET', 'v2/user/web_resources', { token: tokenOf(1) });
      expect(noLogin.headers['no-login']).toBe('1');
      const sdk = await app.sdkHttp.inject({
        method: 'GET',
        url: '/nacos/v1/cs/configs',
        query: { dataId: 'x', group: 'G', accessToken: tokenOf(2) },
      });
      expect(sdk.statusCode).toBe(403);

      // an admin sees both and removes the older one: the later spelling becomes the user, without the
      // sessions it had before
      const admin = (await consoleLogin(console, 'admin', 'admin')).token!;
      const list = (
        await call(console, 'GET', 'v2/user/list', { token: admin, query: { likeUsername: 'lice' } })
      ).json();
      expect(list.data.list.map((u: { username: string }) => u.username).sort()).toEqual(['Alice', 'alice']);
      const removed = await call(console, 'POST', 'v2/user/remove', { token: admin, json: { username: 'alice' } });
      expect(removed.json()).toMatchObject({ success: true });
      expect((await call(console, 'GET', 'v2/user/web_resources', { token: tokenOf(1) })).headers['no-login']).toBe(
        '1',
      );
      const login = await consoleLogin(console, 'ALICE', 'alice-pw');
      expect(login).toMatchObject({ success: true });
      expect((await call(console, 'GET', 'v2/user/web_resources', { token: login.token })).json().data.username).toBe(
        'Alice',
      );
    } finally {
      await app.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
