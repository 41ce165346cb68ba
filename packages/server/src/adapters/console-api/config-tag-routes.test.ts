import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, consoleAppWithAdmin, type ConsoleApp } from '../../../test/console-helpers.js';

describe('console tag releases', () => {
  let app: ConsoleApp;
  let admin: string;
  beforeAll(async () => {
    ({ app, admin } = await consoleAppWithAdmin());
  });
  afterAll(() => app.dispose());

  const post = (path: string, json: unknown) => call(app.console, 'POST', path, { token: admin, json });
  const get = (path: string, query: Record<string, string>) => call(app.console, 'GET', path, { token: admin, query });
  const key = { dataId: 'tagged.yaml', group: 'G', tenant: '' };
  const coreKey = { namespaceId: '', group: 'G', dataId: 'tagged.yaml' };
  const readAs = (tag?: string) => {
    const gray = app.core.configs.grayFor(coreKey, { ip: '10.9.9.9', tag });
    return gray?.item.content ?? app.core.configs.get(coreKey)?.content;
  };

  it('publishes releases for two tags beside a beta, lists them, stops one and promotes the other', async () => {
    await post('v2/config/add', { ...key, content: 'v: stable', configType: 'yaml' });
    expect((await get('v2/config/tag', key)).json().data).toEqual([]);

    expect((await post('v2/config/tag/publish', { ...key, tag: 'green', content: 'v: green' })).json().data).toBe(true);
    await post('v2/config/tag/publish', { ...key, tag: 'blue', content: 'v: blue' });
    await post('v2/config/beta/publish', { ...key, content: 'v: beta', betaIps: '10.0.0.1' });
    const tags = (await get('v2/config/tag', key)).json().data;
    expect(tags.map((t: { tag: string; value: string }) => [t.tag, t.value])).toEqual([
      ['blue', 'v: blue'],
      ['green', 'v: green'],
    ]);
    expect(tags[0]).toMatchObject({ configType: 'yaml', modifiedTime: expect.any(Number) });
    expect([readAs('blue'), readAs('green'), readAs()]).toEqual(['v: blue', 'v: green', 'v: stable']);
    const list = (await get('v2/config/list', { tenant: '', pageNo: '1', pageSize: '20' })).json().data.list;
    expect(list.find((c: { dataId: string }) => c.dataId === 'tagged.yaml').grayNames).toEqual(
      expect.arrayContaining(['beta', 'tag_blue', 'tag_green']),
    );

    // a new publish for the same tag replaces its release
    await post('v2/config/tag/publish', { ...key, tag: 'green', content: 'v: green 2' });
    expect(readAs('green')).toBe('v: green 2');

    expect((await post('v2/config/tag/stop', { ...key, tag: 'blue' })).json().data).toBe(true);
    expect(readAs('blue')).toBe('v: stable');
    expect((await post('v2/config/tag/promote', { ...key, tag: 'green' })).json().data).toBe(true);
    expect([readAs(), readAs('green')]).toEqual(['v: green 2', 'v: green 2']);
    expect((await get('v2/config/tag', key)).json().data).toEqual([]);
    // the beta is not touched by the tag releases
    expect((await get('v2/config/beta', key)).json().data).toMatchObject({ value: 'v: beta' });

    const audit = (await app.core.audit.list({ action: 'config.gray.' }, 0, 20)).items;
    expect(audit.map((e) => [e.action, e.door, e.target])).toEqual([
      ['config.gray.promote', 'console', 'G/tagged.yaml'],
      ['config.gray.delete', 'console', 'G/tagged.yaml'],
      ['config.gray.publish', 'console', 'G/tagged.yaml'],
      ['config.gray.publish', 'console', 'G/tagged.yaml'],
      ['config.gray.publish', 'console', 'G/tagged.yaml'],
      ['config.gray.publish', 'console', 'G/tagged.yaml'],
    ]);
  });

  it('refuses a release without a tag or with a malformed one, and stopping or promoting a missing one', async () => {
    const noTag = await post('v2/config/tag/publish', { ...key, tag: ' ', content: 'x' });
    expect(noTag.json()).toMatchObject({ success: false });
    const bad = await post('v2/config/tag/publish', { ...key, tag: 'a b', content: 'x' });
    expect(bad.json()).toMatchObject({ success: false });
    expect(app.core.configs.graysOf(coreKey).map((g) => g.grayName)).toEqual(['beta']);
    const promote = await post('v2/config/tag/promote', { ...key, tag: 'never' });
    expect(promote.json()).toMatchObject({ success: false });
  });
});
