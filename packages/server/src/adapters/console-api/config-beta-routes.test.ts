import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, consoleAppWithAdmin, type ConsoleApp } from '../../../test/console-helpers.js';

describe('console beta releases', () => {
  let app: ConsoleApp;
  let admin: string;
  beforeAll(async () => {
    ({ app, admin } = await consoleAppWithAdmin());
  });
  afterAll(() => app.dispose());

  const post = (path: string, json: unknown) => call(app.console, 'POST', path, { token: admin, json });
  const get = (path: string, query: Record<string, string>) => call(app.console, 'GET', path, { token: admin, query });
  const key = { dataId: 'app.yaml', group: 'G', tenant: '' };
  const coreKey = { namespaceId: '', group: 'G', dataId: 'app.yaml' };

  it('publishes a beta to IPs, shows it in the detail and the list, stops it, and promotes one', async () => {
    await post('v2/config/add', { ...key, content: 'v: stable', configType: 'yaml' });
    expect((await get('v2/config/beta', key)).json().data).toBeNull();

    const published = await post('v2/config/beta/publish', {
      ...key,
      content: 'v: beta',
      betaIps: '10.0.0.1, 10.0.0.2',
    });
    expect(published.json().data).toBe(true);
    expect((await get('v2/config/beta', key)).json().data).toMatchObject({
      betaIps: '10.0.0.1,10.0.0.2',
      value: 'v: beta',
      configType: 'yaml',
    });
    const list = (await get('v2/config/list', { tenant: '', pageNo: '1', pageSize: '20' })).json().data.list;
    expect(list.find((c: { dataId: string }) => c.dataId === 'app.yaml')).toMatchObject({ grayNames: ['beta'] });
    expect(app.core.configs.get(coreKey)?.content).toBe('v: stable');

    expect((await post('v2/config/beta/stop', key)).json().data).toBe(true);
    expect((await get('v2/config/beta', key)).json().data).toBeNull();
    expect(app.core.configs.graysOf(coreKey)).toEqual([]);

    await post('v2/config/beta/publish', { ...key, content: 'v: next', betaIps: '10.0.0.1' });
    expect((await post('v2/config/beta/promote', key)).json().data).toBe(true);
    expect(app.core.configs.get(coreKey)?.content).toBe('v: next');
    expect((await get('v2/config/beta', key)).json().data).toBeNull();
    const history = (await get('v2/config/history', { ...key, pageNo: '1', pageSize: '10' })).json().data.list;
    expect(history[0]).toMatchObject({ opType: 'D', publishType: 'gray', grayName: 'beta' });
    expect(history[1]).toMatchObject({ opType: 'U', content: 'v: next' });
    expect(history[1]).not.toHaveProperty('publishType');
  });

  it('refuses a beta without IPs, and promoting a config without a beta', async () => {
    const noIps = await post('v2/config/beta/publish', { ...key, dataId: 'x', content: 'x', betaIps: ' ' });
    expect(noIps.json()).toMatchObject({ success: false });
    const promote = await post('v2/config/beta/promote', { ...key, dataId: 'never' });
    expect(promote.json()).toMatchObject({ success: false });
  });
});
