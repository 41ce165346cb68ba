import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { RawNacosClient } from '../../../test/grpc-raw-client.js';
import { waitUntil } from '../../../test/interop/wait-until.js';
import { configKeyString } from '../../core/config/config-key.js';
import { md5Hex } from '../../core/config/config-model.js';

let app: TestApp;
let base: string;
let grpcClient: RawNacosClient;
let poll: AbortController;

const key = (dataId: string, namespaceId = '') => configKeyString({ namespaceId, group: 'G', dataId });
const publish = (dataId: string, content: string, namespaceId = '') =>
  app.core.configs.publish({ namespaceId, group: 'G', dataId, content });
const getJson = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: await res.text() };
};

/** A 1.x long-poll held by the server (from 127.0.0.1) for `dataId` at `md5`. */
function holdLongPoll(dataId: string, md5: string): void {
  poll = new AbortController();
  void fetch(`${base}/nacos/v1/cs/configs/listener`, {
    method: 'POST',
    signal: poll.signal,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'Long-Pulling-Timeout': '30000' },
    body: new URLSearchParams({ 'Listening-Configs': `${dataId}\u0002G\u0002${md5}\u0001` }).toString(),
  }).catch(() => undefined);
}

beforeEach(async () => {
  app = await buildTestApp();
  const ports = await app.listen();
  base = ports.http;
  grpcClient = new RawNacosClient(`127.0.0.1:${ports.grpc}`);
  // a 2.x client that names itself 10.0.0.5
  await grpcClient.connect({}, '10.0.0.5');
});
afterEach(async () => {
  poll?.abort();
  grpcClient?.close();
  await app.dispose();
});

async function grpcListen(contexts: Array<{ dataId: string; md5: string; tenant?: string }>): Promise<void> {
  const configListenContexts = contexts.map((c) => ({ group: 'G', tenant: '', ...c }));
  const reply = await grpcClient.request('ConfigBatchListenRequest', {
    module: 'config',
    listen: true,
    configListenContexts,
  });
  expect(reply.body.resultCode).toBe(200);
}

describe('GET /nacos/v1/cs/configs/listener', () => {
  it('lists the gRPC and long-poll clients of a config with their md5, and a client behind after a publish', async () => {
    const v1 = md5Hex('v1');
    await publish('app.yaml', 'v1');
    await grpcListen([{ dataId: 'app.yaml', md5: v1 }]);
    holdLongPoll('app.yaml', v1);
    await waitUntil('the long-poll held', () => app.core.listenerQuery.byConfig(key('app.yaml')).length === 2);

    const before = await getJson('/nacos/v1/cs/configs/listener?dataId=app.yaml&group=G');
    expect(before.status).toBe(200);
    expect(JSON.parse(before.body)).toEqual({
      collectStatus: 200,
      lisentersGroupkeyStatus: { '10.0.0.5': v1, '127.0.0.1': v1 },
    });

    // the gRPC client is told of the change but has not listened again with the new md5: it is behind
    await publish('app.yaml', 'v2');
    await grpcClient.waitFor((m) => m.type === 'ConfigChangeNotifyRequest');
    const after = await getJson('/nacos/v1/cs/configs/listener?dataId=app.yaml&group=G');
    expect(JSON.parse(after.body).lisentersGroupkeyStatus).toEqual({ '10.0.0.5': v1 });
    expect(app.core.listenerQuery.byConfig(key('app.yaml'))).toMatchObject([
      { via: 'grpc', ip: '10.0.0.5', md5: v1, currentMd5: md5Hex('v2'), inSync: false },
    ]);
    // once it listens with what it read, it is in sync
    await grpcListen([{ dataId: 'app.yaml', md5: md5Hex('v2') }]);
    expect(app.core.listenerQuery.byConfig(key('app.yaml'))).toMatchObject([{ inSync: true }]);
  });

  it('answers an empty map for a config nobody listens to, and 400 without a dataId', async () => {
    expect(JSON.parse((await getJson('/nacos/v1/cs/configs/listener?dataId=none&group=G')).body)).toEqual({
      collectStatus: 200,
      lisentersGroupkeyStatus: {},
    });
    expect((await getJson('/nacos/v1/cs/configs/listener?group=G')).status).toBe(400);
  });

  it('has no node-to-node listener route on a single node', async () => {
    expect((await getJson('/nacos/v1/core/cluster/peer/listeners?ip=10.0.0.5')).status).toBe(404);
  });

  it('leaves the long-poll on POST of the same path working', async () => {
    await publish('app.yaml', 'v1');
    const res = await fetch(`${base}/nacos/v1/cs/configs/listener`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'Listening-Configs': `app.yaml\u0002G\u0002old\u0001` }).toString(),
    });
    expect(decodeURIComponent(await res.text())).toBe('app.yaml\u0002G\u0001');
  });
});

describe('GET /nacos/v1/cs/listener', () => {
  it('lists what a client IP listens to by group key: the default namespace, one tenant, or all', async () => {
    await publish('app.yaml', 'v1');
    await publish('db.yaml', 'd1', 'dev');
    await grpcListen([
      { dataId: 'app.yaml', md5: md5Hex('v1') },
      { dataId: 'db.yaml', md5: 'stale', tenant: 'dev' },
    ]);
    const status = async (query: string) =>
      JSON.parse((await getJson(`/nacos/v1/cs/listener?${query}`)).body).lisentersGroupkeyStatus;
    expect(await status('ip=10.0.0.5')).toEqual({ 'app.yaml+G': md5Hex('v1') });
    expect(await status('ip=10.0.0.5&tenant=dev')).toEqual({ 'db.yaml+G+dev': 'stale' });
    expect(await status('ip=10.0.0.5&all=true')).toEqual({ 'app.yaml+G': md5Hex('v1'), 'db.yaml+G+dev': 'stale' });
    expect(await status('ip=10.9.9.9&all=true')).toEqual({});
    const noIp = await getJson('/nacos/v1/cs/listener');
    expect([noIp.status, noIp.body]).toEqual([400, 'ip is required']);
  });
});

describe('GET /nacos/v1/cs/listener with OpenAPI auth', () => {
  it('lists with all=true only the namespaces the caller may read', async () => {
    await app.dispose();
    app = await buildTestApp({ env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
    const ports = await app.listen();
    base = ports.http;
    grpcClient.close();
    await app.core.auth.users.add({
      username: 'notdev',
      password: 'notdev-password',
      roles: ['2'],
      namespacePrivilege: { blacklist: ['dev'] },
    });
    const token = async (username: string, password: string) => {
      const res = await fetch(`${base}/nacos/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password }).toString(),
      });
      return ((await res.json()) as { accessToken: string }).accessToken;
    };
    const adminToken = await token('admin', 'admin');
    // the gRPC door asks the same users: the client logs in as admin
    grpcClient = new RawNacosClient(`127.0.0.1:${ports.grpc}`);
    await grpcClient.connect({}, '10.0.0.5');
    const reply = await grpcClient.request(
      'ConfigBatchListenRequest',
      {
        module: 'config',
        listen: true,
        configListenContexts: [
          { dataId: 'app.yaml', group: 'G', tenant: '', md5: '' },
          { dataId: 'db.yaml', group: 'G', tenant: 'dev', md5: '' },
        ],
      },
      { accessToken: adminToken },
    );
    expect(reply.body.resultCode).toBe(200);
    const status = async (accessToken: string) =>
      JSON.parse((await getJson(`/nacos/v1/cs/listener?ip=10.0.0.5&all=true&accessToken=${accessToken}`)).body)
        .lisentersGroupkeyStatus;
    expect(await status(adminToken)).toEqual({ 'app.yaml+G': '', 'db.yaml+G+dev': '' });
    expect(await status(await token('notdev', 'notdev-password'))).toEqual({ 'app.yaml+G': '' });
    // and a namespace it may not read is refused
    const refused = await getJson(
      `/nacos/v1/cs/listener?ip=10.0.0.5&tenant=dev&accessToken=${await token('notdev', 'notdev-password')}`,
    );
    expect(refused.status).toBe(403);
  });
});
