import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, consoleAppWithAdmin, type ConsoleApp } from '../../../test/console-helpers.js';
import { RawNacosClient } from '../../../test/grpc-raw-client.js';
import { md5Hex } from '../../core/config/config-model.js';

describe('console config listeners', () => {
  let app: ConsoleApp;
  let admin: string;
  let client: RawNacosClient;
  beforeAll(async () => {
    ({ app, admin } = await consoleAppWithAdmin());
    client = new RawNacosClient(`127.0.0.1:${(await app.listen()).grpc}`);
    await client.connect({}, '10.0.0.5');
  });
  afterAll(async () => {
    client?.close();
    await app.dispose();
  });

  const get = (query: Record<string, string>) =>
    call(app.console, 'GET', 'v2/config/listeners', { token: admin, query });
  const publish = (dataId: string, content: string, namespaceId = '') =>
    app.core.configs.publish({ namespaceId, group: 'G', dataId, content });

  it('lists the clients of a config and what a client IP listens to, in sync or behind, within the namespace', async () => {
    await publish('app.yaml', 'v1');
    await publish('db.yaml', 'd1', 'dev');
    await client.request('ConfigBatchListenRequest', {
      module: 'config',
      listen: true,
      configListenContexts: [
        { dataId: 'app.yaml', group: 'G', tenant: '', md5: md5Hex('v1') },
        { dataId: 'db.yaml', group: 'G', tenant: 'dev', md5: md5Hex('d0') },
      ],
    });
    const byConfig = (await get({ tenant: '', dataId: 'app.yaml', group: 'G' })).json();
    expect(byConfig).toMatchObject({ success: true });
    expect(byConfig.data).toEqual([
      {
        via: 'grpc',
        ip: '10.0.0.5',
        address: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
        tenant: '',
        group: 'G',
        dataId: 'app.yaml',
        md5: md5Hex('v1'),
        currentMd5: md5Hex('v1'),
        inSync: true,
      },
    ]);
    const inDev = (await get({ tenant: 'dev', ip: '10.0.0.5' })).json().data;
    expect(inDev.map((r: { dataId: string; inSync: boolean }) => [r.dataId, r.inSync])).toEqual([['db.yaml', false]]);
    // another namespace's config of the same name has no listener
    expect((await get({ tenant: 'dev', dataId: 'app.yaml', group: 'G' })).json().data).toEqual([]);
  });

  it('refuses a query naming neither a config nor an IP, or both', async () => {
    const neither = (await get({ tenant: '' })).json();
    expect(neither).toMatchObject({ success: false, message: expect.stringContaining('give dataId') });
    const both = (await get({ tenant: '', dataId: 'a', ip: '10.0.0.5' })).json();
    expect(both).toMatchObject({ success: false, message: expect.stringContaining('not both') });
  });
});
