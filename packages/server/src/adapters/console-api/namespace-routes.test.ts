import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, sessionFor, consoleAppWithAdmin, type ConsoleApp } from '../../../test/console-helpers.js';

describe('console namespaces', () => {
  let app: ConsoleApp;
  let admin: string;
  beforeAll(async () => {
    ({ app, admin } = await consoleAppWithAdmin());
  });
  afterAll(() => app.dispose());

  const list = async (token = admin) => (await call(app.console, 'GET', 'v2/namespaces/list', { token })).json().data;

  it('adds (upsert), renames and removes namespaces', async () => {
    expect(await list()).toEqual([{ namespaceId: '', namespaceName: 'public', type: '0' }]);
    expect(
      (
        await call(app.console, 'POST', 'v2/namespaces/add', {
          token: admin,
          json: { namespaceId: 'dev', namespaceName: 'Development', mode: 'add' },
        })
      ).json().data,
    ).toBe(true);
    await call(app.console, 'POST', 'v2/namespaces/add', {
      token: admin,
      json: { namespaceId: 'dev', namespaceName: 'Dev' },
    });
    const generated = await call(app.console, 'POST', 'v2/namespaces/add', {
      token: admin,
      json: { namespaceName: 'auto' },
    });
    expect(generated.json().data).toBe(true);
    const after = await list();
    expect(after[1]).toEqual({ namespaceId: 'dev', namespaceName: 'Dev', type: '2' });
    expect(after[2].namespaceId).toMatch(/^[0-9a-f-]{36}$/);

    await call(app.console, 'POST', 'v2/namespaces/update', {
      token: admin,
      json: { namespaceId: 'dev', namespaceName: 'Renamed' },
    });
    expect((await list())[1].namespaceName).toBe('Renamed');
    expect(
      (
        await call(app.console, 'POST', 'v2/namespaces/remove', {
          token: admin,
          json: { namespaceId: after[2].namespaceId },
        })
      ).json().data,
    ).toBe(true);
    expect((await list()).map((n: { namespaceId: string }) => n.namespaceId)).toEqual(['', 'dev']);
  });

  it('shows namespaces that only configs use, and refuses to remove one that holds configs', async () => {
    await app.core.configs.publish({ namespaceId: 'from-sdk', group: 'G', dataId: 'd', content: 'x' });
    await app.core.configs.publish({ namespaceId: 'dev', group: 'G', dataId: 'd', content: 'x' });
    const all = await list();
    expect(all).toContainEqual({ namespaceId: 'from-sdk', namespaceName: 'from-sdk', type: '4' });
    expect(all).toContainEqual({ namespaceId: 'dev', namespaceName: 'Renamed', type: '6' });
    const refused = await call(app.console, 'POST', 'v2/namespaces/remove', {
      token: admin,
      json: { namespaceId: 'dev' },
    });
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'NAMESPACE_IN_USE',
      message: expect.stringContaining('namespace dev still holds'),
    });
    const publicNs = await call(app.console, 'POST', 'v2/namespaces/remove', {
      token: admin,
      json: { namespaceId: '' },
    });
    expect(publicNs.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
  });

  it('reports missing names and bad ids', async () => {
    expect(
      (await call(app.console, 'POST', 'v2/namespaces/add', { token: admin, json: { namespaceId: 'x' } })).json(),
    ).toMatchObject({ success: false, code: 'PARAM_ERROR', message: 'namespaceName is required' });
    expect(
      (
        await call(app.console, 'POST', 'v2/namespaces/add', {
          token: admin,
          json: { namespaceId: 'a b', namespaceName: 'n' },
        })
      ).json(),
    ).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    expect(
      (
        await call(app.console, 'POST', 'v2/namespaces/update', {
          token: admin,
          json: { namespaceId: 'nope', namespaceName: 'n' },
        })
      ).json(),
    ).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('filters the list and refuses changes by namespace privilege', async () => {
    await app.core.auth.users.add({
      username: 'limited',
      password: 'pw-password',
      roles: ['1'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['dev'] },
    });
    const token = await sessionFor(app, 'limited');
    expect((await list(token)).map((n: { namespaceId: string }) => n.namespaceId)).toEqual(['dev']);
    const denied = await call(app.console, 'POST', 'v2/namespaces/add', {
      token,
      json: { namespaceId: 'other', namespaceName: 'o' },
    });
    expect(denied.json()).toMatchObject({
      success: false,
      code: 'NO_NAMESPACE_PERMISSION',
      message: 'user no such namespace permission: "other"',
    });
    const generated = await call(app.console, 'POST', 'v2/namespaces/add', { token, json: { namespaceName: 'o' } });
    expect(generated.json().code).toBe('NO_NAMESPACE_PERMISSION');
  });

  it('lists no namespace a blacklist hides, nor what it holds, in either list', async () => {
    await app.core.namespaces.add({ namespaceId: 'hidden', namespaceName: 'Hidden' });
    await app.core.configs.publish({ namespaceId: 'hidden', group: 'G', dataId: 'd', content: 'x' });
    await app.core.configs.publish({ namespaceId: 'hidden-data', group: 'G', dataId: 'd', content: 'x' });
    await app.core.auth.users.add({
      username: 'blacklisted',
      password: 'pw-password',
      roles: ['1'],
      namespacePrivilege: { blacklist: ['hidden', 'hidden-data'] },
    });
    const token = await sessionFor(app, 'blacklisted');
    const ids = (data: { namespaceId: string }[]) => data.map((n) => n.namespaceId);
    const v2 = ids(await list(token));
    const v1 = ids((await call(app.console, 'GET', 'namespaces', { token })).json().data);
    for (const seen of [v2, v1]) {
      expect(seen).toContain('');
      expect(seen).not.toContain('hidden');
      expect(seen).not.toContain('hidden-data');
    }
    expect(ids(await list())).toEqual(expect.arrayContaining(['hidden', 'hidden-data']));
  });

  it('keeps the legacy v1 route and its envelope', async () => {
    const form = (fields: Record<string, string>, method: 'POST' | 'PUT' | 'DELETE') =>
      app.console.inject({
        method,
        url: `${API}/namespaces`,
        cookies: { token: admin },
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await form({ namespaceId: 'v1ns', namespaceName: 'v1' }, 'POST')).json()).toEqual({
      code: 200,
      message: null,
      data: true,
    });
    expect((await form({ namespaceId: 'v1ns', namespaceName: 'v1b' }, 'PUT')).json().code).toBe(200);
    const got = (await call(app.console, 'GET', 'namespaces', { token: admin })).json();
    expect(got.code).toBe(200);
    expect(got.data).toContainEqual({ namespaceId: 'v1ns', namespaceName: 'v1b', type: '2' });
    expect((await form({ namespaceId: 'v1ns' }, 'DELETE')).json()).toEqual({ code: 200, message: null, data: true });
    expect((await form({ namespaceId: 'x' }, 'POST')).json()).toEqual({
      code: 500,
      message: 'namespaceName is required',
      data: null,
    });
    const limited = await sessionFor(app, 'limited');
    const denied = await app.console.inject({
      method: 'POST',
      url: `${API}/namespaces`,
      cookies: { token: limited },
      payload: 'namespaceId=zzz&namespaceName=z',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(denied.json()).toEqual({ code: 500, message: 'NO_PERMISSION', data: null });
  });
});
