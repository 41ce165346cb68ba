import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeEach(async () => {
  app = await buildTestApp({ env: { RNACOS_CONFIG_MAX_CONTENT: '1024' } });
});
afterEach(() => app.dispose());

const publish = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const body = form(fields);
  return app.sdkHttp.inject({
    method: 'POST',
    url: '/nacos/v1/cs/configs',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};
const get = (query: string) => app.sdkHttp.inject({ method: 'GET', url: `/nacos/v1/cs/configs?${query}` });

describe('config get/publish/delete', () => {
  it('publishes and reads back content with the headers clients read', async () => {
    const res = await publish({ dataId: 'app.yaml', group: 'DEFAULT_GROUP', content: 'a: 1\nb: 中文', type: 'yaml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('true');
    const got = await get('dataId=app.yaml&group=DEFAULT_GROUP');
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('a: 1\nb: 中文');
    expect(got.headers['config-type']).toBe('yaml');
    expect(got.headers['content-md5']).toBe(createHash('md5').update('a: 1\nb: 中文', 'utf8').digest('hex'));
    expect(got.headers['last-modified']).toBeTruthy();
    expect(got.headers['cache-control']).toBe('no-cache,no-store');
  });

  it('refuses content that is not UTF-8 (form body, raw or escaped, and query) instead of storing U+FFFD', async () => {
    const latin1 = Buffer.concat([Buffer.from('dataId=l1&group=g&content=caf'), Buffer.from([0xe9])]);
    const raw = await app.sdkHttp.inject({
      method: 'POST',
      url: '/nacos/v1/cs/configs',
      payload: latin1,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.body).toBe('parameter content is not valid UTF-8');
    expect((await publish({ dataId: 'l1', group: 'g', content: 'ok' })).body).toBe('true');
    const escaped = await app.sdkHttp.inject({
      method: 'POST',
      url: '/nacos/v1/cs/configs',
      payload: 'dataId=l1&group=g&content=caf%E9',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(escaped.statusCode).toBe(400);
    const query = await app.sdkHttp.inject({
      method: 'POST',
      url: '/nacos/v1/cs/configs?dataId=l1&group=g&content=%FF',
    });
    expect(query.statusCode).toBe(400);
    expect(query.body).toBe('parameter content is not valid UTF-8');
    expect((await get('dataId=l1&group=g')).body).toBe('ok');
  });

  it('computes the md5 over the UTF-8 bytes', async () => {
    await publish({ dataId: 'u', group: 'g', content: 'héllo' });
    const got = await get('dataId=u&group=g');
    // md5 of the UTF-8 bytes of "héllo"
    expect(got.headers['content-md5']).toBe('be50e8478cf24ff3595bc7307fb91b50');
  });

  it('answers 404 "config data not exist" for a missing config', async () => {
    const got = await get('dataId=missing&group=g');
    expect(got.statusCode).toBe(404);
    expect(got.body.trim()).toBe('config data not exist');
  });

  it('treats tenant "", "public" and "null" as the default namespace and isolates others', async () => {
    await publish({ dataId: 'd', group: 'g', content: 'default', tenant: 'public' });
    await publish({ dataId: 'd', group: 'g', content: 'dev', tenant: 'dev' });
    expect((await get('dataId=d&group=g')).body).toBe('default');
    expect((await get('dataId=d&group=g&tenant=null')).body).toBe('default');
    expect((await get('dataId=d&group=g&tenant=dev')).body).toBe('dev');
  });

  it('decodes form bodies as UTF-8 whatever charset is declared', async () => {
    const payload = new URLSearchParams({ dataId: 'gbk', group: 'g', content: '你好' }).toString();
    const res = await app.sdkHttp.inject({
      method: 'POST',
      url: '/nacos/v1/cs/configs',
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=GBK' },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('dataId=gbk&group=g')).body).toBe('你好');
  });

  it('deletes, and deleting again still answers true', async () => {
    await publish({ dataId: 'x', group: 'g', content: '1' });
    const del = await app.sdkHttp.inject({ method: 'DELETE', url: '/nacos/v1/cs/configs?dataId=x&group=g' });
    expect(del.body).toBe('true');
    expect((await get('dataId=x&group=g')).statusCode).toBe(404);
    const again = await app.sdkHttp.inject({ method: 'DELETE', url: '/nacos/v1/cs/configs?dataId=x&group=g' });
    expect(again.statusCode).toBe(200);
  });

  it('compare-and-set publish succeeds only against the current md5', async () => {
    await publish({ dataId: 'c', group: 'g', content: 'v1' });
    const md5 = (await get('dataId=c&group=g')).headers['content-md5'] as string;
    expect((await publish({ dataId: 'c', group: 'g', content: 'v2' }, { casMd5: 'stale' })).statusCode).toBe(409);
    expect((await get('dataId=c&group=g')).body).toBe('v1');
    expect((await publish({ dataId: 'c', group: 'g', content: 'v2' }, { casMd5: md5 })).statusCode).toBe(200);
    expect((await get('dataId=c&group=g')).body).toBe('v2');
  });

  it('stores the encryptedDataKey parameter with the content and answers it as Encrypted-Data-Key', async () => {
    const cipher = { dataId: 'cipher-aes-app.yaml', group: 'G', content: 'Y2lwaGVy', type: 'yaml' };
    expect((await publish({ ...cipher, encryptedDataKey: 'ZGF0YS1rZXk=' })).body).toBe('true');
    let got = await get('dataId=cipher-aes-app.yaml&group=G');
    expect(got.body).toBe('Y2lwaGVy');
    expect(got.headers['encrypted-data-key']).toBe('ZGF0YS1rZXk=');
    // the same content under another key: a new version, the md5 (of the content only) unchanged
    const md5 = got.headers['content-md5'];
    expect((await publish({ ...cipher, encryptedDataKey: 'b3RoZXI=' })).body).toBe('true');
    got = await get('dataId=cipher-aes-app.yaml&group=G');
    expect([got.headers['encrypted-data-key'], got.headers['content-md5']]).toEqual(['b3RoZXI=', md5]);
    // a publish without the parameter stores no key, and the header goes away
    expect((await publish({ ...cipher, content: 'plain: 1' })).body).toBe('true');
    got = await get('dataId=cipher-aes-app.yaml&group=G');
    expect(got.headers).not.toHaveProperty('encrypted-data-key');
  });

  it('refuses an encryptedDataKey over 1024 characters with a 400 saying so', async () => {
    const res = await publish({ dataId: 'cipher-x', group: 'G', content: 'c', encryptedDataKey: 'k'.repeat(1025) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('encryptedDataKey is too long: 1025 characters, the limit is 1024');
    expect((await get('dataId=cipher-x&group=G')).statusCode).toBe(404);
  });

  it('stores an unknown type as text', async () => {
    await publish({ dataId: 't', group: 'g', content: '1', type: 'weird' });
    expect((await get('dataId=t&group=g')).headers['config-type']).toBe('text');
  });
});

describe('bad input gets a 400 with a message', () => {
  it.each([
    ['a dataId with a space', { dataId: 'bad id', group: 'g', content: '1' }, /dataId/],
    ['a group with a slash', { dataId: 'a', group: 'g/h', content: '1' }, /group/],
    ['a tenant over 128 characters', { dataId: 'a', group: 'g', content: '1', tenant: 'x'.repeat(129) }, /tenant/],
    ['blank content', { dataId: 'a', group: 'g', content: '   ' }, /content/],
    ['no content', { dataId: 'a', group: 'g' }, /content/],
    ['no dataId', { group: 'g', content: '1' }, /dataId/],
    ['content over the limit', { dataId: 'a', group: 'g', content: 'x'.repeat(1025) }, /too large/],
  ])('%s', async (_case, fields, message) => {
    const res = await publish(fields);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(message);
  });

  it('rejects an unknown search mode and bad paging', async () => {
    expect((await get('search=fuzzy')).statusCode).toBe(400);
    expect((await get('search=blur&pageNo=0')).statusCode).toBe(400);
  });

  it('answers 404 for an unknown path', async () => {
    const res = await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v1/cs/nothing' });
    expect(res.statusCode).toBe(404);
  });
});

describe('search', () => {
  beforeEach(async () => {
    for (const [dataId, group, tenant] of [
      ['order-service.yaml', 'DEFAULT_GROUP', ''],
      ['order-db.properties', 'DB', ''],
      ['user-service.yaml', 'DEFAULT_GROUP', ''],
      ['order-service.yaml', 'DEFAULT_GROUP', 'dev'],
    ]) {
      await publish({ dataId, group, tenant, content: `${dataId} in ${tenant}`, appName: 'shop' });
    }
  });

  it('blur matches substrings and wildcards within one namespace, paged', async () => {
    const res = await get('search=blur&dataId=order&pageNo=1&pageSize=1');
    const page = res.json();
    expect(page.totalCount).toBe(2);
    expect(page.pagesAvailable).toBe(2);
    expect(page.pageItems).toHaveLength(1);
    expect(page.pageItems[0]).toMatchObject({ dataId: 'order-service.yaml', tenant: '', appName: 'shop' });
    expect(typeof page.pageItems[0].id).toBe('string');
    const wild = (await get('search=blur&dataId=*.yaml')).json();
    expect(wild.pageItems.map((i: { dataId: string }) => i.dataId).sort()).toEqual([
      'order-service.yaml',
      'user-service.yaml',
    ]);
  });

  it('accurate matches exactly', async () => {
    const page = (await get('search=accurate&dataId=order-db.properties&group=DB')).json();
    expect(page.totalCount).toBe(1);
    expect((await get('search=accurate&dataId=order')).json().totalCount).toBe(0);
    expect((await get('search=accurate&dataId=order-service.yaml&tenant=dev')).json().totalCount).toBe(1);
  });
});
