import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, listeningTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
let base: string;
const tokens = new Map<string, string>();
beforeAll(async () => {
  ({ app, base } = await listeningTestApp({ RNACOS_ENABLE_OPEN_API_AUTH: 'true' }));
  await app.core.auth.users.add({ username: 'dev', password: 'dev-password', roles: ['1'] });
  await app.core.namespaces.add({ namespaceId: 'secret', namespaceName: 'secret' });
  await app.core.auth.users.add({
    username: 'publicOnly',
    password: 'public-password',
    roles: ['1'],
    namespacePrivilege: { whitelistIsAll: false, whitelist: [''] },
  });
  for (const [username, password] of [
    ['admin', 'admin'],
    ['dev', 'dev-password'],
    ['publicOnly', 'public-password'],
  ]) {
    const res = await app.sdkHttp.inject({
      method: 'POST',
      url: '/nacos/v3/auth/user/login',
      ...form({ username, password }),
    });
    tokens.set(username, res.json().accessToken);
  }
});
afterAll(() => app.dispose());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: string, method: Method, path: string, fields: Record<string, string> = {}) => {
  const headers = { accessToken: tokens.get(user) ?? '' };
  return method === 'POST' || method === 'PUT'
    ? app.sdkHttp.inject({
        method,
        url: path,
        payload: form(fields).payload,
        headers: { ...form({}).headers, ...headers },
      })
    : app.sdkHttp.inject({ method, url: `${path}?${new URLSearchParams(fields)}`, headers });
};

const NS = '/nacos/v3/admin/core/namespace';

describe('/nacos/v3/admin/core/namespace (auth on)', () => {
  it('lets an admin create, check, show, rename, list and delete a namespace', async () => {
    const created = await call('admin', 'POST', NS, { namespaceId: 'qa', namespaceName: 'QA', namespaceDesc: 'q' });
    expect(created.json()).toEqual({ code: 0, message: 'success', data: true });
    expect((await call('admin', 'GET', `${NS}/check`, { namespaceId: 'qa' })).json().data).toBe(1);
    expect((await call('admin', 'GET', NS, { namespaceId: 'qa' })).json().data).toMatchObject({
      namespace: 'qa',
      namespaceShowName: 'QA',
      namespaceDesc: 'q',
      type: 2,
      quota: 200,
    });
    await call('admin', 'PUT', NS, { namespaceId: 'qa', namespaceName: 'QA2' });
    const list = (await call('admin', 'GET', `${NS}/list`)).json().data;
    expect(list.map((n: { namespaceShowName: string }) => n.namespaceShowName)).toEqual(['public', 'secret', 'QA2']);
    expect((await call('admin', 'DELETE', NS, { namespaceId: 'qa' })).json().data).toBe(true);
    expect((await call('admin', 'GET', `${NS}/check`, { namespaceId: 'qa' })).json().data).toBe(0);
  });

  it('answers nacos codes: 22002 taken id, 22001 unknown namespace, 10000 missing name', async () => {
    await call('admin', 'POST', NS, { namespaceId: 'taken', namespaceName: 'T' });
    const again = await call('admin', 'POST', NS, { namespaceId: 'taken', namespaceName: 'T' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(22002);
    const unknown = await call('admin', 'GET', NS, { namespaceId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(22001);
    expect((await call('admin', 'PUT', NS, { namespaceId: 'nope', namespaceName: 'x' })).json().code).toBe(22001);
    expect((await call('admin', 'POST', NS, { namespaceId: 'x' })).json()).toMatchObject({ code: 10000 });
  });

  it('refuses a developer and an anonymous caller (admin API on cluster-wide resources)', async () => {
    expect((await call('dev', 'GET', `${NS}/list`)).statusCode).toBe(403);
    expect((await call('dev', 'POST', NS, { namespaceName: 'x' })).statusCode).toBe(403);
    expect((await call('nobody', 'GET', `${NS}/list`)).statusCode).toBe(403);
    expect((await call('dev', 'GET', '/nacos/v3/admin/core/cluster/node/list')).statusCode).toBe(403);
  });

  it('lets a developer use the config admin routes of the namespaces it may write', async () => {
    const res = await call('dev', 'POST', '/nacos/v3/admin/cs/config', { dataId: 'd', groupName: 'G', content: 'x' });
    expect(res.json().data).toBe(true);
    expect(
      (await call('nobody', 'GET', '/nacos/v3/client/cs/config', { dataId: 'd', groupName: 'G' })).statusCode,
    ).toBe(403);
  });
});

describe('/nacos/v3/admin/cs/config/clone (auth on)', () => {
  it('clones only from namespaces the caller may see: an id is no way around the privilege', async () => {
    const hidden = await app.core.configs.publish({ namespaceId: 'secret', group: 'G', dataId: 's', content: 'x' });
    const res = await app.sdkHttp.inject({
      method: 'POST',
      url: '/nacos/v3/admin/cs/config/clone?namespaceId=public&policy=OVERWRITE',
      payload: JSON.stringify([{ configId: hidden.item.id }]),
      headers: { 'content-type': 'application/json', accessToken: tokens.get('publicOnly')! },
    });
    expect(res.json().data).toMatchObject({ succCount: 0, failData: [{ configId: hidden.item.id }] });
    expect(app.core.configs.get({ namespaceId: '', group: 'G', dataId: 's' })).toBeUndefined();
  });
});

describe('/nacos/v3/admin/core/cluster and /state', () => {
  it('lists the nodes and this node to an admin', async () => {
    const nodes = (await call('admin', 'GET', '/nacos/v3/admin/core/cluster/node/list')).json();
    expect(nodes.code).toBe(0);
    expect(nodes.data[0]).toMatchObject({ state: 'UP', address: expect.any(String) });
    const self = (await call('admin', 'GET', '/nacos/v3/admin/core/cluster/node/self')).json();
    expect(self.data.address).toBe(nodes.data[0].address);
    const bad = await call('admin', 'GET', '/nacos/v3/admin/core/cluster/node/list', { state: 'SIDEWAYS' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(20002);
  });

  it('tells the server state, liveness and readiness to anyone, over a real socket', async () => {
    const state = await (await fetch(`${base}/nacos/v3/admin/core/state`)).json();
    expect(state).toMatchObject({ code: 0, data: { auth_enabled: 'true', version: expect.any(String) } });
    expect(await (await fetch(`${base}/nacos/v3/admin/core/state/liveness`)).json()).toMatchObject({ data: 'ok' });
    expect((await fetch(`${base}/nacos/v3/admin/core/state/readiness`)).status).toBe(200);
    expect((await fetch(`${base}/nacos/v3/admin/core/namespace/list`)).status).toBe(403);
  });
});
