import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, sessionFor, consoleAppWithAdmin, type ConsoleApp } from '../../../test/console-helpers.js';

describe('console configs', () => {
  let app: ConsoleApp;
  let admin: string;
  beforeAll(async () => {
    ({ app, admin } = await consoleAppWithAdmin());
  });
  afterAll(() => app.dispose());

  const post = (path: string, json: unknown, token = admin) => call(app.console, 'POST', path, { token, json });
  const get = (path: string, query: Record<string, string>, token = admin) =>
    call(app.console, 'GET', path, { token, query });

  it('publishes, reads, lists with filters and paging, and removes', async () => {
    expect(
      (
        await post('v2/config/add', {
          dataId: 'app.yaml',
          group: 'G1',
          tenant: '',
          content: 'a: 1',
          configType: 'yml',
          desc: 'demo',
        })
      ).json().data,
    ).toBe(true);
    await post('v2/config/update', { dataId: 'b.json', group: 'G1', content: '{}', configType: 'json' });
    await post('v2/config/update', { dataId: 'c.txt', group: 'A0', tenant: 'public', content: 'c' });

    const info = (await get('v2/config/info', { dataId: 'app.yaml', group: 'G1', tenant: '' })).json();
    expect(info).toEqual({
      data: { value: 'a: 1', md5: expect.stringMatching(/^[0-9a-f]{32}$/), configType: 'yaml', desc: 'demo' },
      success: true,
      code: null,
      message: null,
    });

    const all = (await get('v2/config/list', { tenant: '', pageNo: '1', pageSize: '20' })).json().data;
    expect(all.totalCount).toBe(3);
    expect(all.list.map((c: { group: string; dataId: string }) => `${c.group}/${c.dataId}`)).toEqual([
      'A0/c.txt',
      'G1/app.yaml',
      'G1/b.json',
    ]);
    expect(all.list[1]).toMatchObject({
      tenant: '',
      group: 'G1',
      dataId: 'app.yaml',
      content: null,
      md5: null,
      desc: 'demo',
      configType: 'yaml',
    });

    const filtered = (await get('v2/config/list', { tenant: '', groupParam: 'G', dataParam: 'json' })).json().data;
    expect(filtered.list.map((c: { dataId: string }) => c.dataId)).toEqual(['b.json']);
    const page2 = (await get('v2/config/list', { tenant: '', pageNo: '2', pageSize: '2' })).json().data;
    expect(page2).toMatchObject({ totalCount: 3, list: [{ dataId: 'b.json' }] });

    // Rolling back posts only the content: type and description stay.
    await post('v2/config/update', { dataId: 'app.yaml', group: 'G1', tenant: '', content: 'a: 2' });
    expect((await get('v2/config/info', { dataId: 'app.yaml', group: 'G1' })).json().data).toMatchObject({
      value: 'a: 2',
      configType: 'yaml',
      desc: 'demo',
    });

    expect((await post('v2/config/remove', { dataId: 'c.txt', group: 'A0', tenant: '' })).json().data).toBe(true);
    expect((await post('v2/config/remove', { dataId: 'never', group: 'A0' })).json().data).toBe(true);
    expect((await get('v2/config/info', { dataId: 'c.txt', group: 'A0' })).json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
    });
  });

  it('shows the encryptedDataKey of an encrypted config read-only, and keeps it through an edit of the same content', async () => {
    const cipher = { namespaceId: '', group: 'G', dataId: 'cipher-aes-c.yaml' };
    await app.core.configs.publish({ ...cipher, content: 'Y2lwaGVy', encryptedDataKey: 'a2V5' });
    const query = { dataId: cipher.dataId, group: 'G', tenant: '' };
    expect((await get('v2/config/info', query)).json().data).toEqual({
      value: 'Y2lwaGVy',
      md5: expect.any(String),
      configType: 'text',
      desc: '',
      encryptedDataKey: 'a2V5',
    });
    // a description edit keeps the key; the history rows carry each version's key
    await post('v2/config/update', { ...query, content: 'Y2lwaGVy', desc: 'rotated' });
    expect((await get('v2/config/info', query)).json().data).toMatchObject({
      desc: 'rotated',
      encryptedDataKey: 'a2V5',
    });
    // a new content from the console is a plain config: no key is shown
    await post('v2/config/update', { ...query, content: 'plain' });
    expect((await get('v2/config/info', query)).json().data).not.toHaveProperty('encryptedDataKey');
    const history = (await get('v2/config/history', Object.assign({ pageNo: '1', pageSize: '10' }, query))).json().data;
    expect(history.list.map((h: { encryptedDataKey?: string }) => h.encryptedDataKey ?? null)).toEqual([
      null,
      'a2V5',
      'a2V5',
    ]);
    // a history recover sends the version's key with its content
    await post('v2/config/update', { ...query, content: 'Y2lwaGVy', encryptedDataKey: 'a2V5' });
    expect((await get('v2/config/info', query)).json().data).toMatchObject({
      value: 'Y2lwaGVy',
      encryptedDataKey: 'a2V5',
    });
    const tooLong = await post('v2/config/update', { ...query, content: 'x', encryptedDataKey: 'k'.repeat(1025) });
    expect(tooLong.json()).toMatchObject({ success: false });
    expect(tooLong.json().message).toContain('encryptedDataKey is too long');
    expect((await get('v2/config/info', query)).json().data.value).toBe('Y2lwaGVy');
  });

  it('lists history newest first with the console user as operator', async () => {
    for (const content of ['v1', 'v2', 'v3']) await post('v2/config/update', { dataId: 'h', group: 'G', content });
    const history = (
      await get('v2/config/history', { dataId: 'h', group: 'G', tenant: '', pageNo: '1', pageSize: '2' })
    ).json().data;
    expect(history.totalCount).toBe(3);
    expect(history.list.map((h: { content: string }) => h.content)).toEqual(['v3', 'v2']);
    expect(history.list[0]).toMatchObject({
      tenant: '',
      group: 'G',
      dataId: 'h',
      opUser: 'admin',
      opType: 'U',
      id: expect.any(Number),
      modifiedTime: expect.any(Number),
    });
    expect((await get('v2/config/history', { dataId: 'none', group: 'G' })).json().data).toEqual({
      totalCount: 0,
      list: [],
    });
    expect((await get('v2/config/history', { dataId: 'h' })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: 'group is required',
    });
  });

  it('refuses a JSON body or query that is not UTF-8, storing nothing', async () => {
    const json = Buffer.from('{"dataId":"latin1","group":"G1","content":"caf#"}');
    json[json.indexOf('#')] = 0xe9;
    const res = await app.console.inject({
      method: 'POST',
      url: '/rnacos/api/console/v2/config/update',
      cookies: { token: admin },
      payload: json,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: 'the JSON body is not valid UTF-8',
    });
    const query = await app.console.inject({
      method: 'POST',
      url: '/rnacos/api/console/v2/config/update?dataId=latin1&group=G1&content=caf%E9',
      cookies: { token: admin },
    });
    expect(query.json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: 'parameter content is not valid UTF-8',
    });
    expect(app.core.configs.get({ namespaceId: '', group: 'G1', dataId: 'latin1' })).toBeUndefined();
  });

  it('reports invalid keys, empty content and bad paging', async () => {
    expect((await post('v2/config/update', { group: 'G', content: 'x' })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: 'dataId is required',
    });
    expect((await post('v2/config/update', { dataId: 'a b', content: 'x' })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: expect.stringContaining('invalid dataId'),
    });
    expect((await post('v2/config/update', { dataId: 'a', content: '' })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
    });
    expect((await post('v2/config/update', { dataId: 'a', content: ['x'] })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
    });
    expect((await get('v2/config/list', { pageNo: '0' })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
    });
    expect((await get('v2/config/list', { pageSize: '-1' })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
    });
    expect((await get('v2/config/list', { pageNo: 'abc' })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
    });
    const arrayBody = await post('v2/config/update', [1, 2]);
    expect(arrayBody.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
  });

  it('keeps guests to reading and users to their namespaces', async () => {
    const users = app.core.auth.users;
    await users.add({ username: 'guest', password: 'pw-password', roles: ['2'] });
    await users.add({
      username: 'devOnly',
      password: 'pw-password',
      roles: ['1'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['dev'] },
    });
    const guest = await sessionFor(app, 'guest');
    expect((await get('v2/config/list', { tenant: '' }, guest)).json().success).toBe(true);
    const write = await post('v2/config/update', { dataId: 'g', group: 'G', content: 'x' }, guest);
    expect(write.json().code).toBe('NO_PERMISSION');

    const dev = await sessionFor(app, 'devOnly');
    expect(
      (await post('v2/config/update', { dataId: 'd', group: 'G', tenant: 'dev', content: 'x' }, dev)).json().data,
    ).toBe(true);
    const other = await post('v2/config/update', { dataId: 'd', group: 'G', tenant: 'public', content: 'x' }, dev);
    expect(other.json()).toMatchObject({ success: false, code: 'NO_NAMESPACE_PERMISSION' });
    expect((await get('v2/config/list', { tenant: '' }, dev)).json().code).toBe('NO_NAMESPACE_PERMISSION');
    expect((await get('v2/config/info', { dataId: 'h', group: 'G' }, dev)).json().code).toBe('NO_NAMESPACE_PERMISSION');
    expect((await get('v2/config/history', { dataId: 'h', group: 'G' }, dev)).json().code).toBe(
      'NO_NAMESPACE_PERMISSION',
    );
  });

  it('serves the raw v1 lists', async () => {
    const v1 = (await get('configs', { tenant: '', dataParam: 'app' })).json();
    expect(v1).toMatchObject({ count: 1, list: [{ dataId: 'app.yaml' }] });
    const denied = await get('configs', { tenant: '' }, await sessionFor(app, 'devOnly'));
    expect(denied.statusCode).toBe(401);
    expect(denied.body).toContain('user no such namespace permission');
    const history = await get('config/history', { dataId: 'h', group: 'G' });
    expect(history.json().count).toBe(3);
    expect((await get('config/history', { dataId: 'h' })).statusCode).toBe(400);
  });
});
