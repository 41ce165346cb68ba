import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(() => app.dispose());

const PATH = '/nacos/v2/console/namespace';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, fields?: Record<string, string>) =>
  app.sdkHttp.inject({ method, url, ...(fields ? form(fields) : {}) });

describe('/nacos/v2/console/namespace', () => {
  it('creates, shows, lists, edits and removes a namespace in the v2 envelope', async () => {
    const created = await call('POST', PATH, { namespaceId: 'dev', namespaceName: 'Dev', namespaceDesc: 'd' });
    expect(created.json()).toEqual({ code: 0, message: 'success', data: true });
    const one = await call('GET', `${PATH}?namespaceId=dev`);
    expect(one.json()).toMatchObject({
      code: 0,
      data: { namespace: 'dev', namespaceShowName: 'Dev', namespaceDesc: 'd', configCount: 0, type: 2 },
    });
    const list = (await call('GET', `${PATH}/list`)).json();
    expect(list.data.map((n: { namespace: string }) => n.namespace)).toEqual(['', 'dev']);
    expect((await call('PUT', PATH, { namespaceId: 'dev', namespaceName: 'Develop' })).json().data).toBe(true);
    expect(app.core.namespaces.get('dev')?.namespaceName).toBe('Develop');
    expect((await call('DELETE', `${PATH}?namespaceId=dev`)).json().data).toBe(true);
    expect(app.core.namespaces.exists('dev')).toBe(false);
  });

  it('shows the default namespace for an empty namespaceId, as nacos 2.x names it', async () => {
    const res = await call('GET', `${PATH}?namespaceId=`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 0,
      data: { namespace: '', namespaceShowName: 'public', configCount: 0, type: 0 },
    });
    expect((await call('GET', `${PATH}?namespaceId=public`)).json().data.namespaceShowName).toBe('public');
  });

  it('makes an id when none is given', async () => {
    expect((await call('POST', PATH, { namespaceName: 'Generated' })).json().data).toBe(true);
    expect(app.core.namespaces.list().find((n) => n.namespaceName === 'Generated')?.namespaceId).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('answers nacos codes for missing, unknown, existing and bad namespaces', async () => {
    const missing = await call('GET', PATH);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 10000, data: "required parameter 'namespaceId' is missing" });
    const unknown = await call('GET', `${PATH}?namespaceId=nope`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 22001,
      message: 'namespace not exist',
      data: 'namespaceId [ nope ] not exist',
    });
    await call('POST', PATH, { namespaceId: 'dev', namespaceName: 'Dev' });
    const again = await call('POST', PATH, { namespaceId: 'dev', namespaceName: 'Dev' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 22002, message: 'namespace already exist' });
    const noName = await call('POST', PATH, { namespaceId: 'x' });
    expect(noName.json()).toMatchObject({ code: 10000, data: "required parameter 'namespaceName' is missing" });
    const badId = await call('POST', PATH, { namespaceId: 'a b/c', namespaceName: 'Bad' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe(20002);
    expect((await call('PUT', PATH, { namespaceId: 'nope', namespaceName: 'N' })).json().code).toBe(22001);
    expect((await call('DELETE', `${PATH}?namespaceId=nope`)).json().code).toBe(22001);
  });

  it('refuses to remove a namespace that still holds configs', async () => {
    await call('POST', PATH, { namespaceId: 'dev', namespaceName: 'Dev' });
    await call('POST', '/nacos/v2/cs/config', { dataId: 'd', group: 'G', content: 'x', namespaceId: 'dev' });
    const res = await call('DELETE', `${PATH}?namespaceId=dev`);
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toContain('still holds');
    expect(app.core.namespaces.exists('dev')).toBe(true);
  });
});
