import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(() => app.dispose());

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const IN_RULE = '127.0.0.1';
const OUTSIDE = '10.9.9.9';

const publish = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const body = form(fields);
  return app.sdkHttp.inject({
    method: 'POST',
    url: '/nacos/v1/cs/configs',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};
const get = (query: string, remoteAddress = IN_RULE, headers: Record<string, string> = {}) =>
  app.sdkHttp.inject({ method: 'GET', url: `/nacos/v1/cs/configs?${query}`, remoteAddress, headers });
const listen = (md5Value: string, remoteAddress: string) =>
  app.sdkHttp.inject({
    method: 'POST',
    url: '/nacos/v1/cs/configs/listener',
    remoteAddress,
    payload: new URLSearchParams({ 'Listening-Configs': `app.yaml\u0002G\u0002${md5Value}\u0001` }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'Long-Pulling-Timeout': '30000' },
  });

describe('beta (gray) releases over HTTP v1', () => {
  it('serves the beta content to the listed IPs and the stable one to others, until the beta is stopped', async () => {
    await publish({ dataId: 'app.yaml', group: 'G', content: 'stable', type: 'yaml' });
    const beta = await publish(
      { dataId: 'app.yaml', group: 'G', content: 'beta' },
      { betaIps: `10.0.0.1, ${IN_RULE}` },
    );
    expect([beta.statusCode, beta.body]).toEqual([200, 'true']);

    const inside = await get('dataId=app.yaml&group=G');
    expect(inside.body).toBe('beta');
    expect(inside.headers).toMatchObject({ isbeta: 'true', 'content-md5': md5('beta'), 'config-type': 'yaml' });
    const outside = await get('dataId=app.yaml&group=G', OUTSIDE);
    expect(outside.body).toBe('stable');
    expect(outside.headers['content-md5']).toBe(md5('stable'));
    expect(outside.headers).not.toHaveProperty('isbeta');

    const query = await get('dataId=app.yaml&group=G&beta=true', OUTSIDE);
    expect(query.json()).toMatchObject({
      code: 200,
      message: 'query beta ok',
      data: { dataId: 'app.yaml', group: 'G', content: 'beta', md5: md5('beta'), betaIps: `10.0.0.1,${IN_RULE}` },
    });
    const history = await app.core.configs.history({ namespaceId: '', group: 'G', dataId: 'app.yaml' }, 0, 10);
    expect(history.items.map((h) => [h.content, h.publishType ?? 'formal'])).toEqual([
      ['beta', 'gray'],
      ['stable', 'formal'],
    ]);

    // a held long poll of a listed client is answered when the beta stops (it reads the stable config again)
    const held = listen(md5('beta'), IN_RULE);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stop = await app.sdkHttp.inject({
      method: 'DELETE',
      url: '/nacos/v1/cs/configs?dataId=app.yaml&group=G&beta=true',
    });
    expect(stop.json()).toEqual({ code: 200, message: 'stop beta ok', data: true });
    expect(decodeURIComponent((await held).body)).toBe('app.yaml\u0002G\u0001');
    expect((await get('dataId=app.yaml&group=G')).body).toBe('stable');
    expect((await get('dataId=app.yaml&group=G&beta=true')).json()).toEqual({
      code: 200,
      message: 'query beta ok',
      data: null,
    });
  });

  it('compares long polls with the md5 each client reads', async () => {
    await publish({ dataId: 'app.yaml', group: 'G', content: 'stable' });
    await publish({ dataId: 'app.yaml', group: 'G', content: 'beta' }, { betaIps: IN_RULE });
    const noHangup = (md5Value: string, ip: string) =>
      app.sdkHttp.inject({
        method: 'POST',
        url: '/nacos/v1/cs/configs/listener',
        remoteAddress: ip,
        payload: new URLSearchParams({ 'Listening-Configs': `app.yaml\u0002G\u0002${md5Value}\u0001` }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await noHangup(md5('beta'), IN_RULE)).body).toBe('');
    expect((await noHangup(md5('stable'), IN_RULE)).body).not.toBe('');
    expect((await noHangup(md5('stable'), OUTSIDE)).body).toBe('');
    expect((await noHangup(md5('beta'), OUTSIDE)).body).not.toBe('');
  });

  it('knows a client behind a reverse proxy by X-Forwarded-For, else X-Real-IP, as nacos does', async () => {
    await publish({ dataId: 'app.yaml', group: 'G', content: 'stable' });
    await publish({ dataId: 'app.yaml', group: 'G', content: 'beta' }, { betaIps: '10.0.0.1' });
    // the proxy's own address (the socket) is not in the beta; the forwarded one decides
    const read = (headers: Record<string, string>) => get('dataId=app.yaml&group=G', OUTSIDE, headers);
    expect((await read({ 'X-Forwarded-For': '10.0.0.1, 192.0.2.7' })).body).toBe('beta');
    expect((await read({ 'X-Real-IP': '10.0.0.1' })).body).toBe('beta');
    expect((await read({ 'X-Forwarded-For': '10.0.0.2', 'X-Real-IP': '10.0.0.1' })).body).toBe('stable');
    expect((await read({})).body).toBe('stable');
    // a malformed header is ignored: the socket's address counts
    expect((await get('dataId=app.yaml&group=G', '10.0.0.1', { 'X-Forwarded-For': 'not an ip' })).body).toBe('beta');
    // a proxied client listening on 127.0.0.1's socket is compared with what its forwarded address reads
    const poll = (md5Value: string, forwardedFor: string) =>
      app.sdkHttp.inject({
        method: 'POST',
        url: '/nacos/v1/cs/configs/listener',
        remoteAddress: IN_RULE,
        payload: new URLSearchParams({ 'Listening-Configs': `app.yaml\u0002G\u0002${md5Value}\u0001` }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': forwardedFor },
      });
    expect((await poll(md5('beta'), '10.0.0.1')).body).toBe('');
    expect((await poll(md5('stable'), '10.0.0.9')).body).toBe('');
    expect((await poll(md5('beta'), '10.0.0.9')).body).not.toBe('');
  });

  it('serves a tag release to clients naming the tag; a tag nobody released is not found', async () => {
    await publish({ dataId: 'app.yaml', group: 'G', content: 'stable' });
    expect((await publish({ dataId: 'app.yaml', group: 'G', content: 'canary', tag: 'blue' })).body).toBe('true');
    const tagged = await get('dataId=app.yaml&group=G&tag=blue');
    expect([tagged.body, tagged.headers.tag]).toEqual(['canary', 'blue']);
    expect((await get('dataId=app.yaml&group=G', OUTSIDE, { 'Vipserver-Tag': 'blue' })).body).toBe('canary');
    expect((await get('dataId=app.yaml&group=G')).body).toBe('stable');
    expect((await get('dataId=app.yaml&group=G&tag=green')).statusCode).toBe(404);
    const del = await app.sdkHttp.inject({
      method: 'DELETE',
      url: '/nacos/v1/cs/configs?dataId=app.yaml&group=G&tag=blue',
    });
    expect(del.body).toBe('true');
    expect((await get('dataId=app.yaml&group=G', OUTSIDE, { 'Vipserver-Tag': 'blue' })).body).toBe('stable');
    expect((await get('dataId=app.yaml&group=G')).body).toBe('stable');
  });

  it('refuses a malformed beta list or tag with a 400, changing nothing', async () => {
    await publish({ dataId: 'app.yaml', group: 'G', content: 'stable' });
    for (const [fields, headers] of [
      [{}, { betaIps: ' , ' }],
      [{}, { betaIps: '10.0.0.1,not an ip' }],
      [{ tag: 'bad tag' }, {}],
    ] as const) {
      const res = await publish({ dataId: 'app.yaml', group: 'G', content: 'x', ...fields }, headers);
      expect(res.statusCode).toBe(400);
    }
    expect((await get('dataId=app.yaml&group=G')).body).toBe('stable');
    expect(app.core.configs.graysOf({ namespaceId: '', group: 'G', dataId: 'app.yaml' })).toEqual([]);
  });
});
