import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { RawNacosClient } from '../../../test/grpc-raw-client.js';
import { md5Hex } from '../../core/config/config-model.js';

let app: TestApp;
let client: RawNacosClient;
beforeAll(async () => {
  app = await buildTestApp();
  const ports = await app.listen();
  await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'app.yaml', content: 'v1' });
  await app.core.configs.publish({ namespaceId: 'dev', group: 'G', dataId: 'db.yaml', content: 'd1' });
  // a 2.x client that names itself 10.0.0.5, holding the current app.yaml and an old db.yaml
  client = new RawNacosClient(`127.0.0.1:${ports.grpc}`);
  await client.connect({}, '10.0.0.5');
  const reply = await client.request('ConfigBatchListenRequest', {
    module: 'config',
    listen: true,
    configListenContexts: [
      { dataId: 'app.yaml', group: 'G', tenant: '', md5: md5Hex('v1') },
      { dataId: 'db.yaml', group: 'G', tenant: 'dev', md5: 'stale' },
    ],
  });
  expect(reply.body.resultCode).toBe(200);
});
afterAll(async () => {
  client.close();
  await app.dispose();
});

const get = (url: string) => app.sdkHttp.inject({ method: 'GET', url: `/nacos/v3/admin/cs${url}` });

describe('GET /nacos/v3/admin/cs/config/listener', () => {
  it('answers the clients of a config with the md5 each holds', async () => {
    expect((await get('/config/listener?dataId=app.yaml&groupName=G')).json()).toEqual({
      code: 0,
      message: 'success',
      data: { queryType: 'config', listenersStatus: { '10.0.0.5': md5Hex('v1') } },
    });
    const dev = await get('/config/listener?dataId=db.yaml&groupName=G&namespaceId=dev');
    expect(dev.json().data.listenersStatus).toEqual({ '10.0.0.5': 'stale' });
    const noGroup = await get('/config/listener?dataId=app.yaml');
    expect([noGroup.statusCode, noGroup.json().code]).toEqual([400, 10000]);
  });
});

describe('GET /nacos/v3/admin/cs/listener', () => {
  it('answers what a client IP listens to: the default namespace, the one named, or all', async () => {
    const status = async (query: string) => (await get(`/listener?${query}`)).json().data;
    expect(await status('ip=10.0.0.5')).toEqual({
      queryType: 'ip',
      listenersStatus: { 'app.yaml+G': md5Hex('v1') },
    });
    expect((await status('ip=10.0.0.5&namespaceId=dev')).listenersStatus).toEqual({ 'db.yaml+G+dev': 'stale' });
    expect((await status('ip=10.0.0.5&all=true')).listenersStatus).toEqual({
      'app.yaml+G': md5Hex('v1'),
      'db.yaml+G+dev': 'stale',
    });
    const noIp = await get('/listener');
    expect(noIp.json()).toEqual({
      code: 10000,
      message: 'parameter missing',
      data: "Required parameter 'ip' type String is not present",
    });
  });
});
