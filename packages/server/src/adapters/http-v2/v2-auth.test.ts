import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, listeningTestApp, type TestApp } from '../../../test/helpers.js';

// OpenAPI auth on the v2 routes, over a real socket: the same check as on the v1 routes.
describe('the v2 routes with OpenAPI auth on', () => {
  let app: TestApp;
  let base = '';
  beforeAll(async () => {
    ({ app, base } = await listeningTestApp({ RNACOS_ENABLE_OPEN_API_AUTH: 'true', RNACOS_API_LOGIN_TIMEOUT: '600' }));
    await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'Dev' });
    await app.core.namespaces.add({ namespaceId: 'prod', namespaceName: 'Prod' });
    await app.core.auth.users.add({
      username: 'dev',
      password: 'devpw-password',
      roles: ['1'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['', 'dev'] },
    });
    await app.core.auth.users.add({ username: 'guest', password: 'guestpw-password', roles: ['2'] });
  });
  afterAll(() => app.dispose());

  const tokenOf = async (username: string, password: string) => {
    const res = await fetch(`${base}/nacos/v1/auth/login`, {
      method: 'POST',
      ...asFetch(form({ username, password })),
    });
    return ((await res.json()) as { accessToken: string }).accessToken;
  };
  const asFetch = (f: { payload: string; headers: Record<string, string> }) => ({
    body: f.payload,
    headers: f.headers,
  });
  const publish = (fields: Record<string, string>, token?: string) =>
    fetch(`${base}/nacos/v2/cs/config${token ? `?accessToken=${token}` : ''}`, {
      method: 'POST',
      ...asFetch(form({ dataId: 'd', group: 'G', content: 'c', ...fields })),
    });

  it('refuses a call without a token with 403', async () => {
    const res = await fetch(`${base}/nacos/v2/cs/config?dataId=d&group=G`);
    expect(res.status).toBe(403);
    expect((await publish({})).status).toBe(403);
    expect((await fetch(`${base}/nacos/v2/ns/instance/list?serviceName=s`)).status).toBe(403);
  });

  it('applies the namespace privilege and keeps guests to reading', async () => {
    const dev = await tokenOf('dev', 'devpw-password');
    expect(await (await publish({ namespaceId: 'dev' }, dev)).json()).toMatchObject({ code: 0, data: true });
    expect((await publish({ namespaceId: 'prod' }, dev)).status).toBe(403);
    const read = await fetch(`${base}/nacos/v2/cs/config?dataId=d&group=G&namespaceId=dev`, {
      headers: { authorization: `Bearer ${dev}` },
    });
    expect(await read.json()).toEqual({ code: 0, message: 'success', data: 'c' });
    const guest = await tokenOf('guest', 'guestpw-password');
    const guestRead = await fetch(
      `${base}/nacos/v2/cs/history/list?dataId=d&group=G&namespaceId=dev&accessToken=${guest}`,
    );
    expect(guestRead.status).toBe(200);
    expect((await publish({ namespaceId: 'dev' }, guest)).status).toBe(403);
    const register = await fetch(
      `${base}/nacos/v2/ns/instance?serviceName=s&ip=10.0.0.1&port=80&accessToken=${guest}`,
      {
        method: 'POST',
      },
    );
    expect(register.status).toBe(403);
  });

  it('lists only the namespaces the caller may see, and namespace writes need a write privilege there', async () => {
    const dev = await tokenOf('dev', 'devpw-password');
    const list = await fetch(`${base}/nacos/v2/console/namespace/list?accessToken=${dev}`);
    const ids = ((await list.json()) as { data: { namespace: string }[] }).data.map((n) => n.namespace);
    expect(ids).toEqual(['', 'dev']);
    const removeProd = await fetch(`${base}/nacos/v2/console/namespace?namespaceId=prod&accessToken=${dev}`, {
      method: 'DELETE',
    });
    expect(removeProd.status).toBe(403);
    expect(app.core.namespaces.exists('prod')).toBe(true);
  });

  it('leaves the services of namespaces the caller may not see out of the registrations of a client', async () => {
    const instance = { ip: '10.3.3.3', port: 3333, ephemeral: false };
    for (const namespaceId of ['dev', 'prod']) {
      await app.core.naming.registerInstance(
        { namespaceId, groupName: 'DEFAULT_GROUP', serviceName: 'shared' },
        instance,
      );
    }
    const dev = await tokenOf('dev', 'devpw-password');
    const clientId = encodeURIComponent('10.3.3.3:3333#false');
    const res = await fetch(`${base}/nacos/v2/ns/client/publish/list?clientId=${clientId}&accessToken=${dev}`);
    const seen = ((await res.json()) as { data: { namespace: string }[] }).data.map((p) => p.namespace);
    expect(seen).toEqual(['dev']);
  });
});
