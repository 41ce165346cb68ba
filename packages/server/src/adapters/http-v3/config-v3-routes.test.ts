import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, listeningTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
let base: string;
beforeAll(async () => {
  ({ app, base } = await listeningTestApp());
  await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'dev' });
});
afterAll(() => app.dispose());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, path: string, fields: Record<string, string> = {}) =>
  method === 'POST'
    ? app.sdkHttp.inject({ method, url: path, ...form(fields) })
    : app.sdkHttp.inject({ method, url: `${path}?${new URLSearchParams(fields)}` });

const ADMIN = '/nacos/v3/admin/cs/config';

describe('/nacos/v3/client/cs/config', () => {
  it('answers a config in the envelope, over a real socket', async () => {
    await app.core.configs.publish({
      namespaceId: 'dev',
      group: 'G',
      dataId: 'client.yaml',
      content: 'a: 1',
      type: 'yaml',
    });
    const res = await fetch(`${base}/nacos/v3/client/cs/config?dataId=client.yaml&groupName=G&namespaceId=dev`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ code: 0, message: 'success' });
    expect(body.data).toMatchObject({ content: 'a: 1', contentType: 'yaml', md5: expect.any(String), beta: false });
  });

  it('answers a missing config as nacos does: 200 with code 20004', async () => {
    const res = await call('GET', '/nacos/v3/client/cs/config', { dataId: 'none', groupName: 'G' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 20004, message: 'resource not found', data: null });
  });

  it('requires groupName (10000), the v3 name of the group', async () => {
    const res = await call('GET', '/nacos/v3/client/cs/config', { dataId: 'client.yaml', group: 'G' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 10000,
      message: 'parameter missing',
      data: "Required parameter 'groupName' type String is not present",
    });
  });

  it('has no publish route for clients', async () => {
    const res = await call('POST', '/nacos/v3/client/cs/config', { dataId: 'x', groupName: 'G', content: 'y' });
    expect(res.statusCode).toBe(404);
  });
});

describe('/nacos/v3/admin/cs/config', () => {
  it('publishes, reads in detail, searches and deletes', async () => {
    const published = await call('POST', ADMIN, {
      dataId: 'app.json',
      groupName: 'G',
      namespaceId: 'dev',
      content: '{}',
      type: 'json',
      desc: 'd',
      configTags: 't1',
      srcUser: 'ops',
    });
    expect(published.json()).toEqual({ code: 0, message: 'success', data: true });
    const detail = (await call('GET', ADMIN, { dataId: 'app.json', groupName: 'G', namespaceId: 'dev' })).json();
    expect(detail.data).toMatchObject({
      namespaceId: 'dev',
      groupName: 'G',
      dataId: 'app.json',
      content: '{}',
      type: 'json',
      desc: 'd',
      configTags: 't1',
      createUser: 'ops',
    });
    const page = (
      await call('GET', `${ADMIN}/list`, { namespaceId: 'dev', dataId: 'app', pageNo: '1', pageSize: '10' })
    ).json();
    expect(page.data).toMatchObject({ totalCount: 1, pageNumber: 1, pagesAvailable: 1 });
    expect(page.data.pageItems[0]).toMatchObject({ dataId: 'app.json', groupName: 'G', id: expect.any(Number) });
    const byType = (type: string) =>
      call('GET', `${ADMIN}/list`, { namespaceId: 'dev', type }).then((r) => r.json().data.totalCount);
    expect(await byType('json')).toBe(1);
    expect(await byType('xml,html')).toBe(0);
    expect(await byType('json,yaml')).toBe(2);
    expect((await call('DELETE', ADMIN, { dataId: 'app.json', groupName: 'G', namespaceId: 'dev' })).json().data).toBe(
      true,
    );
    const gone = await call('GET', ADMIN, { dataId: 'app.json', groupName: 'G', namespaceId: 'dev' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 20004, data: 'Config not exist, please publish Config first.' });
  });

  it('refuses bad input with the v1 limits, in the envelope', async () => {
    const noContent = await call('POST', ADMIN, { dataId: 'x', groupName: 'G' });
    expect(noContent.statusCode).toBe(400);
    expect(noContent.json()).toMatchObject({ code: 10000, data: expect.stringContaining("'content'") });
    const badId = await call('POST', ADMIN, { dataId: 'bad id!', groupName: 'G', content: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe(20002);
    const badPage = await call('GET', `${ADMIN}/list`, { pageNo: '0' });
    expect(badPage.json().code).toBe(20002);
    const twoNamespaces = await call('GET', ADMIN, {
      dataId: 'x',
      groupName: 'G',
      namespaceId: 'dev',
      tenant: 'other',
    });
    expect(twoNamespaces.statusCode).toBe(400);
    const badBeta = await app.sdkHttp.inject({
      method: 'POST',
      url: ADMIN,
      ...form({ dataId: 'b', groupName: 'G', content: 'x' }),
      headers: { ...form({}).headers, betaIps: 'not an address' },
    });
    expect(badBeta.statusCode).toBe(400);
  });

  it('deletes by ids only in the namespace the request names', async () => {
    const a = await app.core.configs.publish({ namespaceId: 'dev', group: 'G', dataId: 'batch.a', content: 'a' });
    const b = await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'batch.b', content: 'b' });
    const ids = [a, b].map((r) => String(r.item.id)).join(',');
    expect((await call('DELETE', `${ADMIN}/batch`, { ids, namespaceId: 'dev' })).json().data).toBe(true);
    expect(app.core.configs.get({ namespaceId: 'dev', group: 'G', dataId: 'batch.a' })).toBeUndefined();
    expect(app.core.configs.get({ namespaceId: '', group: 'G', dataId: 'batch.b' })).toBeDefined();
    expect((await call('DELETE', `${ADMIN}/batch`, { ids: '1,x' })).json().code).toBe(20002);
    expect((await call('DELETE', `${ADMIN}/batch`, {})).json().code).toBe(10000);
  });
});

describe('/nacos/v3/admin/cs/history', () => {
  it('lists a config history, shows one entry and the entry before it', async () => {
    const key = { dataId: 'h.txt', groupName: 'G', namespaceId: 'dev' };
    await call('POST', ADMIN, { ...key, content: 'v1' });
    await call('POST', ADMIN, { ...key, content: 'v2' });
    const list = (await call('GET', '/nacos/v3/admin/cs/history/list', { ...key, pageNo: '1', pageSize: '10' })).json();
    expect(list.data.totalCount).toBe(2);
    const [newest, oldest] = list.data.pageItems;
    expect(newest).toMatchObject({ dataId: 'h.txt', groupName: 'G', namespaceId: 'dev', opType: 'U' });
    const entry = (await call('GET', '/nacos/v3/admin/cs/history', { ...key, nid: String(newest.id) })).json();
    expect(entry.data).toMatchObject({ content: 'v2', opType: 'U' });
    const previous = (
      await call('GET', '/nacos/v3/admin/cs/history/previous', { ...key, id: String(newest.id) })
    ).json();
    expect(previous.data).toMatchObject({ id: oldest.id, content: 'v1', opType: 'I' });
    const configs = (await call('GET', '/nacos/v3/admin/cs/history/configs', { namespaceId: 'dev' })).json();
    expect(configs.data.map((c: { dataId: string }) => c.dataId)).toContain('h.txt');
  });

  it('does not show an entry under another config (nor so another namespace)', async () => {
    const key = { dataId: 'h2.txt', groupName: 'G', namespaceId: 'dev' };
    await call('POST', ADMIN, { ...key, content: 'secret' });
    const list = (await call('GET', '/nacos/v3/admin/cs/history/list', key)).json();
    const nid = String(list.data.pageItems[0].id);
    const elsewhere = await call('GET', '/nacos/v3/admin/cs/history', { dataId: 'other', groupName: 'G', nid });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe(20004);
    expect((await call('GET', '/nacos/v3/admin/cs/history', { ...key })).json().code).toBe(10000);
    expect((await call('GET', '/nacos/v3/admin/cs/history/configs', {})).json().code).toBe(10000);
  });
});

describe('/nacos/v3/admin/cs/config/beta', () => {
  it('shows a beta published with betaIps as a ConfigGrayInfo, and stops it', async () => {
    const key = { dataId: 'beta.props', groupName: 'G', namespaceId: 'dev' };
    await call('POST', ADMIN, { ...key, content: 'stable' });
    const published = await app.sdkHttp.inject({
      method: 'POST',
      url: ADMIN,
      payload: new URLSearchParams({ ...key, content: 'canary' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', betaIps: '10.1.1.1,10.1.1.2' },
    });
    expect(published.json()).toMatchObject({ code: 0, data: true });

    const beta = (await call('GET', `${ADMIN}/beta`, key)).json();
    expect(beta).toMatchObject({ code: 0, data: { content: 'canary', grayName: 'beta' } });
    expect(beta.data.grayRule).toContain('10.1.1.1');
    // the stable config is untouched
    expect((await call('GET', ADMIN, key)).json().data.content).toBe('stable');

    expect((await call('DELETE', `${ADMIN}/beta`, key)).json()).toMatchObject({ code: 0, data: true });
    const gone = await call('GET', `${ADMIN}/beta`, key);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(20004);
  });
});

describe('/nacos/v3/client/cs/config and gray releases', () => {
  it('answers a client the beta its address matches, and the stable config to others', async () => {
    const key = { dataId: 'client-beta.props', groupName: 'G', namespaceId: 'dev' };
    await call('POST', ADMIN, { ...key, content: 'stable' });
    const beta = (ips: string) =>
      app.sdkHttp.inject({
        method: 'POST',
        url: ADMIN,
        payload: new URLSearchParams({ ...key, content: 'canary' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', betaIps: ips },
      });
    const read = async () => (await call('GET', '/nacos/v3/client/cs/config', key)).json().data;
    await beta('10.9.9.9');
    expect(await read()).toMatchObject({ content: 'stable', beta: false });
    // inject's requests come from 127.0.0.1
    await beta('127.0.0.1');
    expect(await read()).toMatchObject({ content: 'canary', beta: true });
  });
});
