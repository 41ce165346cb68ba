import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(() => app.dispose());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', fields: Record<string, string> = {}) => {
  if (method === 'GET' || method === 'DELETE') {
    return app.sdkHttp.inject({ method, url: `/nacos/v1/console/namespaces?${new URLSearchParams(fields)}` });
  }
  return app.sdkHttp.inject({ method, url: '/nacos/v1/console/namespaces', ...form(fields) });
};

describe('/nacos/v1/console/namespaces', () => {
  it('lists the public namespace with its config count', async () => {
    await app.core.configs.publish({ namespaceId: '', group: 'g', dataId: 'd', content: 'x' });
    const body = (await call('GET')).json();
    expect(body.code).toBe(200);
    expect(body.data).toEqual([
      {
        namespace: '',
        namespaceShowName: 'public',
        namespaceDesc: 'Public Namespace',
        quota: 200,
        configCount: 1,
        type: 0,
      },
    ]);
  });

  it('creates, shows, renames and deletes a namespace', async () => {
    expect(
      (await call('POST', { customNamespaceId: 'dev', namespaceName: 'Development', namespaceDesc: 'd' })).body,
    ).toBe('true');
    expect((await call('GET', { checkNamespaceIdExist: 'true', customNamespaceId: 'dev' })).json()).toBe(true);
    expect((await call('GET', { show: 'all', namespaceId: 'dev' })).json()).toMatchObject({
      namespace: 'dev',
      namespaceShowName: 'Development',
      type: 2,
    });
    expect((await call('PUT', { namespace: 'dev', namespaceShowName: 'Dev', namespaceDesc: 'renamed' })).body).toBe(
      'true',
    );
    expect((await call('GET')).json().data[1]).toMatchObject({
      namespace: 'dev',
      namespaceShowName: 'Dev',
      namespaceDesc: 'renamed',
    });
    expect((await call('DELETE', { namespaceId: 'dev' })).body).toBe('true');
    expect((await call('GET')).json().data).toHaveLength(1);
  });

  it('generates an id when none is given, and keeps namespaces across restarts', async () => {
    await call('POST', { namespaceName: 'generated' });
    const id = (await call('GET')).json().data[1].namespace;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
    const again = await buildTestApp({ dataDir: app.dataDir });
    try {
      const res = await again.sdkHttp.inject({ method: 'GET', url: '/nacos/v1/console/namespaces' });
      expect(res.json().data[1]).toMatchObject({ namespace: id, namespaceShowName: 'generated' });
    } finally {
      await again.dispose();
    }
  });

  it('rejects duplicates, bad ids, a missing name, and removing public', async () => {
    await call('POST', { customNamespaceId: 'dev', namespaceName: 'Dev' });
    expect((await call('POST', { customNamespaceId: 'dev', namespaceName: 'Again' })).statusCode).toBe(400);
    expect((await call('POST', { customNamespaceId: 'bad id!', namespaceName: 'x' })).statusCode).toBe(400);
    expect((await call('POST', { customNamespaceId: 'x' })).statusCode).toBe(400);
    expect((await call('DELETE', { namespaceId: 'public' })).statusCode).toBe(400);
    expect((await call('DELETE', { namespaceId: 'nope' })).statusCode).toBe(404);
  });

  it('refuses to delete a namespace that still holds configs or services, and keeps it', async () => {
    await call('POST', { customNamespaceId: 'dev', namespaceName: 'Dev' });
    await app.core.configs.publish({ namespaceId: 'dev', group: 'G', dataId: 'd', content: 'x' });
    const withConfig = await call('DELETE', { namespaceId: 'dev' });
    expect(withConfig.statusCode).toBe(400);
    expect(withConfig.body).toContain('namespace dev still holds 1 config');
    expect(app.core.namespaces.get('dev')).toBeDefined();

    await app.core.configs.remove({ namespaceId: 'dev', group: 'G', dataId: 'd' });
    await app.core.naming.createService({ namespaceId: 'dev', groupName: 'DEFAULT_GROUP', serviceName: 's' }, {});
    const withService = await call('DELETE', { namespaceId: 'dev' });
    expect(withService.statusCode).toBe(400);
    expect(withService.body).toContain('1 service');

    await app.core.naming.removeService({ namespaceId: 'dev', groupName: 'DEFAULT_GROUP', serviceName: 's' });
    expect((await call('DELETE', { namespaceId: 'dev' })).body).toBe('true');
    expect(app.core.namespaces.get('dev')).toBeUndefined();
  });
});

describe('auth and health endpoints', () => {
  it('login succeeds with a token while OpenAPI auth is off', async () => {
    for (const url of ['/nacos/v1/auth/login', '/nacos/v1/auth/users/login']) {
      const res = await app.sdkHttp.inject({
        method: 'POST',
        url: `${url}?username=nacos`,
        ...form({ password: 'x' }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        accessToken: expect.any(String),
        tokenTtl: expect.any(Number),
        username: 'nacos',
      });
    }
  });

  it('liveness and readiness answer OK', async () => {
    expect((await app.sdkHttp.inject('/nacos/v1/console/health/liveness')).body).toBe('OK');
    expect((await app.sdkHttp.inject('/nacos/v1/console/health/readiness')).body).toBe('OK');
    expect((await app.sdkHttp.inject('/health')).body).toBe('success');
  });
});

describe('/nacos/v1/console/namespaces with OpenAPI auth on', () => {
  let secured: TestApp;
  beforeAll(async () => {
    secured = await buildTestApp({ env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
    // Created in the order their ids sort, so the listing order holds even when two share a millisecond.
    for (const id of ['dev', 'other', 'secret']) {
      await secured.core.namespaces.add({ namespaceId: id, namespaceName: `${id} name` });
      await secured.core.configs.publish({ namespaceId: id, group: 'g', dataId: `${id}-d`, content: 'x' });
    }
    await secured.core.configs.publish({ namespaceId: 'secret', group: 'g', dataId: 'more', content: 'x' });
    const users = secured.core.auth.users;
    await users.add({
      username: 'blacklisted',
      password: 'blacklisted-pw',
      roles: ['1'],
      namespacePrivilege: { blacklist: ['secret'] },
    });
    await users.add({
      username: 'whitelisted',
      password: 'whitelisted-pw',
      roles: ['2'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['', 'dev'] },
    });
  });
  afterAll(() => secured.dispose());

  const tokenOf = async (username: string, password: string) =>
    (
      await secured.sdkHttp.inject({
        method: 'POST',
        url: '/nacos/v1/auth/login',
        ...form({ username, password }),
      })
    ).json().accessToken as string;
  const listed = async (query: Record<string, string>) => {
    const res = await secured.sdkHttp.inject({
      method: 'GET',
      url: `/nacos/v1/console/namespaces?${new URLSearchParams(query)}`,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { namespace: string; configCount: number }[]).map((ns) => [
      ns.namespace,
      ns.configCount,
    ]);
  };

  it('lists only the namespaces a user may see, with their config counts', async () => {
    expect(await listed({ accessToken: await tokenOf('admin', 'admin') })).toEqual([
      ['', 0],
      ['dev', 1],
      ['other', 1],
      ['secret', 2],
    ]);
    const everyWay = async (username: string, password: string) => [
      await listed({ accessToken: await tokenOf(username, password) }),
      await listed({ username, password }),
    ];
    const seenByBlacklisted = [
      ['', 0],
      ['dev', 1],
      ['other', 1],
    ];
    expect(await everyWay('blacklisted', 'blacklisted-pw')).toEqual([seenByBlacklisted, seenByBlacklisted]);
    const seenByWhitelisted = [
      ['', 0],
      ['dev', 1],
    ];
    expect(await everyWay('whitelisted', 'whitelisted-pw')).toEqual([seenByWhitelisted, seenByWhitelisted]);
  });

  it('shows one namespace, or says whether it exists, only to a user who may see it', async () => {
    const token = await tokenOf('blacklisted', 'blacklisted-pw');
    const ask = (query: Record<string, string>) =>
      secured.sdkHttp.inject({
        method: 'GET',
        url: `/nacos/v1/console/namespaces?${new URLSearchParams({ ...query, accessToken: token })}`,
      });
    expect((await ask({ show: 'all', namespaceId: 'secret' })).statusCode).toBe(403);
    expect((await ask({ checkNamespaceIdExist: 'true', customNamespaceId: 'secret' })).statusCode).toBe(403);
    expect((await ask({ show: 'all', namespaceId: 'other' })).json()).toMatchObject({
      namespace: 'other',
      configCount: 1,
    });
  });
});
