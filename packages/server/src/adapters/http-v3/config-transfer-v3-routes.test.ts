import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
let base: string;
beforeAll(async () => {
  ({ app, base } = await listeningTestApp());
  await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'dev' });
  await app.core.configs.publish({ namespaceId: 'dev', group: 'G', dataId: 'a.yaml', content: 'a: 1', type: 'yaml' });
  await app.core.configs.publish({ namespaceId: 'dev', group: 'H', dataId: 'b.txt', content: 'b' });
});
afterAll(() => app.dispose());

const PATH = '/nacos/v3/admin/cs/config';
const idOf = (dataId: string, group: string) => app.core.configs.get({ namespaceId: 'dev', group, dataId })!.id;

describe('/nacos/v3/admin/cs/config/export', () => {
  it('downloads a namespace as a zip over a real socket, or only the ids asked for', async () => {
    const res = await fetch(`${base}${PATH}/export?namespaceId=dev`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment;filename=.*\.zip/);
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const files = (zip: Record<string, Uint8Array>) => Object.keys(zip).filter((name) => !name.endsWith('/'));
    expect(files(entries).sort()).toEqual(['G/a.yaml', 'H/b.txt']);
    const one = await app.sdkHttp.inject({
      method: 'GET',
      url: `${PATH}/export?namespaceId=dev&ids=${idOf('b.txt', 'H')}`,
    });
    expect(files(unzipSync(one.rawPayload))).toEqual(['H/b.txt']);
    const bad = await app.sdkHttp.inject({ method: 'GET', url: `${PATH}/export?ids=x` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(20002);
  });
});

describe('/nacos/v3/admin/cs/config/clone', () => {
  const clone = (query: string, body: unknown) =>
    app.sdkHttp.inject({
      method: 'POST',
      url: `${PATH}/clone?${query}`,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });

  it('copies configs by id into the namespace named, renamed where asked', async () => {
    const res = await clone('namespaceId=public&policy=OVERWRITE', [
      { configId: idOf('a.yaml', 'G'), targetGroupName: 'COPY' },
      { configId: idOf('b.txt', 'H') },
      { configId: 987654 },
    ]);
    expect(res.json()).toMatchObject({
      code: 0,
      data: { succCount: 2, skipCount: 0, failData: [{ configId: 987654 }] },
    });
    expect(app.core.configs.get({ namespaceId: '', group: 'COPY', dataId: 'a.yaml' })).toMatchObject({
      content: 'a: 1',
      type: 'yaml',
    });
    const again = await clone('namespaceId=public&policy=SKIP', [{ configId: idOf('b.txt', 'H') }]);
    expect(again.json().data).toMatchObject({ succCount: 0, skipCount: 1 });
  });

  it('refuses a missing namespace (22001), no namespaceId (10000), a bad body and a bad policy', async () => {
    expect((await clone('namespaceId=nope', [{ configId: 1 }])).json().code).toBe(22001);
    expect((await clone('', [{ configId: 1 }])).json().code).toBe(10000);
    expect((await clone('namespaceId=public', { configId: 1 })).statusCode).toBe(400);
    expect((await clone('namespaceId=public', [])).statusCode).toBe(400);
    expect((await clone('namespaceId=public&policy=MERGE', [{ configId: 1 }])).json().code).toBe(20002);
    const notJson = await app.sdkHttp.inject({
      method: 'POST',
      url: `${PATH}/clone?namespaceId=public`,
      payload: '[{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe(20002);
  });
});
