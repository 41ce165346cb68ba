import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, form, listeningTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ env: { RNACOS_CONFIG_MAX_CONTENT: '1024' } });
  await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'Dev' });
});
afterAll(() => app.dispose());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, fields?: Record<string, string>) =>
  app.sdkHttp.inject({ method, url, ...(fields ? form(fields) : {}) });
const PATH = '/nacos/v2/cs/config';

describe('/nacos/v2/cs/config', () => {
  it('publishes (form body), reads back and deletes in the v2 envelope', async () => {
    const published = await call('POST', PATH, { dataId: 'v2.yaml', group: 'G', content: 'a: 1', type: 'yaml' });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({ code: 0, message: 'success', data: true });
    const got = await call('GET', `${PATH}?dataId=v2.yaml&group=G`);
    expect(got.json()).toEqual({ code: 0, message: 'success', data: 'a: 1' });
    // the same config as v1 sees it
    const v1 = await call('GET', '/nacos/v1/cs/configs?dataId=v2.yaml&group=G');
    expect(v1.body).toBe('a: 1');
    expect(v1.headers['config-type']).toBe('yaml');
    const removed = await call('DELETE', `${PATH}?dataId=v2.yaml&group=G`);
    expect(removed.json()).toEqual({ code: 0, message: 'success', data: true });
    const gone = await call('GET', `${PATH}?dataId=v2.yaml&group=G`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 20004, message: 'resource not found', data: 'config data not exist' });
  });

  it('reads namespaceId and its alias tenant as one namespace; two different ones are refused', async () => {
    await call('POST', PATH, { dataId: 'ns', group: 'G', content: 'in dev', namespaceId: 'dev' });
    expect((await call('GET', `${PATH}?dataId=ns&group=G&tenant=dev`)).json().data).toBe('in dev');
    expect((await call('GET', `${PATH}?dataId=ns&group=G`)).statusCode).toBe(404);
    const two = await call('GET', `${PATH}?dataId=ns&group=G&tenant=dev&namespaceId=public`);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ code: 20002, message: 'parameter validate error' });
    expect(two.json().data).toContain('two namespaces');
  });

  it('keeps configTags, desc, appName and srcUser as v1 does', async () => {
    const fields = { dataId: 'attrs', group: 'G', content: 'x', configTags: 't1', desc: 'd', appName: 'app' };
    await call('POST', PATH, { ...fields, srcUser: 'alice' });
    const item = app.core.configs.get({ namespaceId: '', group: 'G', dataId: 'attrs' });
    expect(item).toMatchObject({ configTags: 't1', desc: 'd', appName: 'app', srcUser: 'alice' });
  });

  it('publishes, reads and deletes a tag release beside the stable config, as v1 does', async () => {
    await call('POST', PATH, { dataId: 'gray', group: 'G', content: 'stable' });
    const tagged = await call('POST', PATH, { dataId: 'gray', group: 'G', content: 'canary', tag: 'blue' });
    expect(tagged.json()).toEqual({ code: 0, message: 'success', data: true });
    expect((await call('GET', `${PATH}?dataId=gray&group=G`)).json().data).toBe('stable');
    expect((await call('GET', `${PATH}?dataId=gray&group=G&tag=blue`)).json().data).toBe('canary');
    // a tag no release has is not found, not the stable content
    expect((await call('GET', `${PATH}?dataId=gray&group=G&tag=green`)).statusCode).toBe(404);
    await call('DELETE', `${PATH}?dataId=gray&group=G&tag=blue`);
    expect((await call('GET', `${PATH}?dataId=gray&group=G&tag=blue`)).statusCode).toBe(404);
    expect((await call('GET', `${PATH}?dataId=gray&group=G`)).json().data).toBe('stable');
  });

  it('answers missing and bad parameters with 400 and nacos codes', async () => {
    const noGroup = await call('GET', `${PATH}?dataId=x`);
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json()).toEqual({
      code: 10000,
      message: 'parameter missing',
      data: "required parameter 'group' is missing",
    });
    const noContent = await call('POST', PATH, { dataId: 'x', group: 'G' });
    expect(noContent.statusCode).toBe(400);
    expect(noContent.json()).toMatchObject({ code: 10000, data: "required parameter 'content' is missing" });
    const badId = await call('POST', PATH, { dataId: 'a b', group: 'G', content: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe(20002);
    const badTag = await call('POST', PATH, { dataId: 'x', group: 'G', content: 'x', tag: 'a b' });
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().code).toBe(20002);
    // the content limit of v1 (RNACOS_CONFIG_MAX_CONTENT)
    const big = await call('POST', PATH, { dataId: 'big', group: 'G', content: 'x'.repeat(2000) });
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe(20002);
    expect(app.core.configs.get({ namespaceId: '', group: 'G', dataId: 'big' })).toBeUndefined();
  });
});

describe('/nacos/v2/cs/history', () => {
  const key = 'dataId=hist&group=G';
  beforeAll(async () => {
    for (const content of ['one', 'two', 'three']) await call('POST', PATH, { dataId: 'hist', group: 'G', content });
  });

  it('lists a config history, newest first, paged', async () => {
    const res = await call('GET', `/nacos/v2/cs/history/list?${key}&pageNo=1&pageSize=2`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ totalCount: 3, pageNumber: 1, pagesAvailable: 2 });
    expect(data.pageItems.map((i: { content: string }) => i.content)).toEqual(['three', 'two']);
    expect(data.pageItems[0]).toMatchObject({ dataId: 'hist', group: 'G', tenant: '', opType: 'U' });
    const noGroup = await call('GET', '/nacos/v2/cs/history/list?dataId=hist');
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().code).toBe(10000);
  });

  it('answers one entry by nid, only for the config named', async () => {
    const list = (await call('GET', `/nacos/v2/cs/history/list?${key}`)).json().data.pageItems;
    const nid = list[2].id;
    const one = await call('GET', `/nacos/v2/cs/history?${key}&nid=${nid}`);
    expect(one.json()).toMatchObject({ code: 0, data: { id: nid, content: 'one', opType: 'I' } });
    const other = await call('GET', `/nacos/v2/cs/history?dataId=other&group=G&nid=${nid}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 10001, message: 'access denied' });
    const otherNamespace = await call('GET', `/nacos/v2/cs/history?${key}&namespaceId=dev&nid=${nid}`);
    expect(otherNamespace.statusCode).toBe(403);
    const none = await call('GET', `/nacos/v2/cs/history?${key}&nid=999999`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      code: 20004,
      message: 'resource not found',
      data: 'certain config history for nid = 999999 not exist',
    });
    const bad = await call('GET', `/nacos/v2/cs/history?${key}&nid=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(20002);
    expect((await call('GET', `/nacos/v2/cs/history?${key}`)).json().code).toBe(10000);
  });

  it('answers the version before the current one for the config id', async () => {
    const id = app.core.configs.get({ namespaceId: '', group: 'G', dataId: 'hist' })!.id;
    const previous = await call('GET', `/nacos/v2/cs/history/previous?${key}&id=${id}`);
    expect(previous.json()).toMatchObject({ code: 0, data: { content: 'two' } });
    const wrongId = await call('GET', `/nacos/v2/cs/history/previous?${key}&id=${id + 1000}`);
    expect(wrongId.statusCode).toBe(404);
    expect(wrongId.json().code).toBe(20004);
  });

  it('lists the configs of a namespace', async () => {
    const dev = await call('GET', '/nacos/v2/cs/history/configs?namespaceId=dev');
    expect(dev.json().data.map((c: { dataId: string }) => c.dataId)).toEqual(['ns']);
    expect(dev.json().data[0]).toMatchObject({ group: 'G', tenant: 'dev', type: 'text' });
    const pub = await call('GET', '/nacos/v2/cs/history/configs?namespaceId=public');
    expect(pub.json().data.map((c: { dataId: string }) => c.dataId)).toContain('hist');
  });
});

describe('the v2 config routes over a socket', () => {
  it('publishes with a form body, reads back and refuses a missing dataId over a real socket', async () => {
    const { app: served, base } = await listeningTestApp();
    try {
      const publish = await fetch(`${base}${PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'dataId=sock&group=G&content=%E4%B8%AD%E6%96%87',
      });
      expect(publish.status).toBe(200);
      expect(await publish.json()).toEqual({ code: 0, message: 'success', data: true });
      const got = await fetch(`${base}${PATH}?dataId=sock&group=G`);
      expect(got.headers.get('content-type')).toContain('application/json');
      expect(await got.json()).toEqual({ code: 0, message: 'success', data: '中文' });
      const missing = await fetch(`${base}${PATH}?group=G`);
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ code: 10000, message: 'parameter missing' });
    } finally {
      await served.dispose();
    }
  });
});
