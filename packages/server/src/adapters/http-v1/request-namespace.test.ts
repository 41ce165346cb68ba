import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';
import { CONFIG_NAMESPACE, NAMESPACE_ADMIN, NAMING_NAMESPACE, namespaceOf, plainValues } from './request-namespace.js';

describe('namespaceOf', () => {
  it('reads each field as the route does and refuses two different namespaces', () => {
    expect(namespaceOf(CONFIG_NAMESPACE, plainValues({ tenant: ' dev ' }))).toBe('dev');
    expect(namespaceOf(CONFIG_NAMESPACE, plainValues({ namespaceId: 'dev' }))).toBe('dev');
    expect(namespaceOf(CONFIG_NAMESPACE, plainValues({ tenant: 'null', namespaceId: 'public' }))).toBe('');
    expect(namespaceOf(NAMING_NAMESPACE, plainValues({ tenant: 'dev' }))).toBe('dev');
    expect(namespaceOf(NAMING_NAMESPACE, plainValues({ dataId: 'x' }))).toBeUndefined();
    expect(() => namespaceOf(CONFIG_NAMESPACE, plainValues({ tenant: 'a', namespaceId: 'b' }))).toThrow(
      'the request names two namespaces (tenant=a, namespaceId=b): send one namespace',
    );
    // naming keeps a namespace called "null" apart from public
    expect(() => namespaceOf(NAMING_NAMESPACE, plainValues({ namespaceId: 'null', tenant: 'public' }))).toThrow();
    expect(() => namespaceOf(NAMESPACE_ADMIN, () => ['a', 'b'])).toThrow('two namespaces');
  });
});

describe('the namespace the access check judges is the one the route acts on', () => {
  let app: TestApp;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    app = await buildTestApp({ env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
    await app.core.namespaces.add({ namespaceId: 'nsA', namespaceName: 'A' });
    await app.core.namespaces.add({ namespaceId: 'nsB', namespaceName: 'B' });
    const users = [
      { username: 'onlyA', roles: ['1'], namespacePrivilege: { whitelistIsAll: false, whitelist: ['nsA'] } },
      { username: 'notB', roles: ['1'], namespacePrivilege: { blacklist: ['nsB'] } },
      { username: 'notPublic', roles: ['1'], namespacePrivilege: { blacklist: [''] } },
    ];
    for (const user of users) {
      await app.core.auth.users.add({ ...user, password: 'pw-password' });
      const res = await app.sdkHttp.inject({
        method: 'POST',
        url: '/nacos/v1/auth/login',
        ...form({ username: user.username, password: 'pw-password' }),
      });
      tokens.set(user.username, res.json().accessToken);
    }
  });
  afterAll(() => app.dispose());

  const inject = (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) =>
    app.sdkHttp.inject({ method, url: `${url}&accessToken=${tokens.get(user)}` });

  it('refuses a request naming nsA and nsB, whichever field names which', async () => {
    for (const [method, url] of [
      ['GET', '/nacos/v1/ns/instance/list?serviceName=s&tenant=nsA&namespaceId=nsB'],
      ['GET', '/nacos/v1/ns/service/list?pageNo=1&pageSize=10&tenant=nsA&namespaceId=nsB'],
      ['POST', '/nacos/v1/ns/instance?serviceName=s&ip=10.0.0.1&port=80&ephemeral=false&tenant=nsA&namespaceId=nsB'],
      ['DELETE', '/nacos/v1/console/namespaces?namespaceId=nsB&tenant=nsA'],
      ['PUT', '/nacos/v1/console/namespaces?namespace=nsB&namespaceShowName=x&tenant=nsA'],
      ['GET', '/nacos/v1/cs/configs?dataId=d&group=G&tenant=nsA&tenant=nsB'],
    ] as const) {
      const res = await inject('onlyA', method, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain('names two namespaces');
    }
    expect(app.core.naming.listServices({ namespaceId: 'nsB' })).toEqual([]);
    expect(app.core.namespaces.get('nsB')?.namespaceName).toBe('B');
  });

  it('judges the alias field the handler acts on', async () => {
    const denied = await inject(
      'onlyA',
      'POST',
      '/nacos/v1/ns/instance?serviceName=s&ip=10.0.0.1&port=80&ephemeral=false&tenant=nsB',
    );
    expect(denied.statusCode).toBe(403);
    const allowed = await inject(
      'onlyA',
      'POST',
      '/nacos/v1/ns/instance?serviceName=s&ip=10.0.0.1&port=80&ephemeral=false&tenant=nsA',
    );
    expect(allowed.statusCode).toBe(200);
    expect(app.core.naming.listServices({ namespaceId: 'nsA' }).map((s) => s.key.serviceName)).toEqual(['s']);
    const config = await inject('onlyA', 'POST', '/nacos/v1/cs/configs?dataId=d&group=G&content=x&namespaceId=nsA');
    expect(config.body).toBe('true');
    expect(app.core.configs.get({ namespaceId: 'nsA', group: 'G', dataId: 'd' })?.content).toBe('x');
  });

  it('refuses renaming a blacklisted namespace named by `namespace`', async () => {
    const res = await inject('notB', 'PUT', '/nacos/v1/console/namespaces?namespace=nsB&namespaceShowName=taken');
    expect(res.statusCode).toBe(403);
    expect(app.core.namespaces.get('nsB')?.namespaceName).toBe('B');
  });

  it('judges tenant=null as the default namespace the config routes write', async () => {
    const res = await inject('notPublic', 'POST', '/nacos/v1/cs/configs?dataId=n&group=G&content=x&tenant=null');
    expect(res.statusCode).toBe(403);
    expect(app.core.configs.get({ namespaceId: '', group: 'G', dataId: 'n' })).toBeUndefined();
  });
});
