import { afterEach, describe, expect, it } from 'vitest';
import { RawNacosClient, type Message } from './grpc-raw-client.js';
import { buildTestApp, type TestApp } from './helpers.js';

/** Fuzzy watch (nacos-client 3.x) over real sockets, with a bare protocol client that answers pushes. */
let app: TestApp | undefined;
const clients: RawNacosClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await app?.dispose();
  app = undefined;
});

async function start(env: Record<string, string> = {}) {
  app = await buildTestApp({ env });
  const { grpc } = await app.listen();
  const client = new RawNacosClient(`127.0.0.1:${grpc}`);
  clients.push(client);
  await client.connect({ abilityTable: { fuzzyWatch: true } });
  return { app, client };
}

const contextsOf = (m: Message) =>
  (m.body.contexts as { groupKey?: string; serviceKey?: string; changedType: string }[])
    .map((c) => `${c.changedType} ${c.groupKey ?? c.serviceKey}`)
    .sort();

/** Every sync push for `pattern` until the one that ends the initial sync. */
async function initialSync(client: RawNacosClient, type: string, pattern: string): Promise<string[]> {
  await client.waitFor(
    (m) =>
      m.type === type && m.body.groupKeyPattern === pattern && m.body.syncType === 'FINISH_FUZZY_WATCH_INIT_NOTIFY',
  );
  return client.received
    .filter(
      (m) => m.type === type && m.body.groupKeyPattern === pattern && m.body.syncType === 'FUZZY_WATCH_INIT_NOTIFY',
    )
    .flatMap(contextsOf)
    .sort();
}

describe('fuzzy watch', () => {
  it('advertises the ability at connection setup, as nacos 3.x does', async () => {
    const { client } = await start();
    const ack = await client.waitFor((m) => m.type === 'SetupAckRequest');
    expect(ack.body.abilityTable).toMatchObject({ fuzzyWatch: true });
  });

  it('config: syncs what a pattern matches, then pushes additions and removals until unwatched', async () => {
    const { app, client } = await start();
    const configs = app.core.configs;
    const publish = (dataId: string, group: string, tenant = '') =>
      configs.publish({ dataId, group, namespaceId: tenant, content: 'x' });
    await publish('app-a.yaml', 'G');
    await publish('app-b.yaml', 'G');
    await publish('other.yaml', 'G');
    await publish('app-c.yaml', 'OTHER');
    await publish('app-d.yaml', 'G', 'dev');
    const pattern = 'public>>G>>app-*';
    const reply = await client.request('ConfigFuzzyWatchRequest', {
      module: 'config',
      groupKeyPattern: pattern,
      receivedGroupKeys: ['app-gone.yaml+G+public'],
      watchType: 'WATCH',
      initializing: true,
    });
    expect(reply).toMatchObject({ type: 'ConfigFuzzyWatchResponse', body: { resultCode: 200, success: true } });
    expect(await initialSync(client, 'ConfigFuzzyWatchSyncRequest', pattern)).toEqual([
      'ADD_CONFIG app-a.yaml+G+public',
      'ADD_CONFIG app-b.yaml+G+public',
      'DELETE_CONFIG app-gone.yaml+G+public',
    ]);

    const change = (groupKey: string) =>
      client.waitFor((m) => m.type === 'ConfigFuzzyWatchChangeNotifyRequest' && m.body.groupKey === groupKey);
    await publish('app-new.yaml', 'G');
    expect((await change('app-new.yaml+G+public')).body).toMatchObject({ changeType: 'CONFIG_CHANGED' });
    await configs.remove({ dataId: 'app-a.yaml', group: 'G', namespaceId: '' });
    expect((await change('app-a.yaml+G+public')).body).toMatchObject({ changeType: 'DELETE_CONFIG' });

    await client.request('ConfigFuzzyWatchRequest', {
      module: 'config',
      groupKeyPattern: pattern,
      watchType: 'CANCEL_WATCH',
    });
    // another pattern's push marks the point by which a push for the cancelled one would have come
    await client.request('ConfigFuzzyWatchRequest', { groupKeyPattern: 'public>>M>>*', watchType: 'WATCH' });
    await publish('app-after.yaml', 'G');
    await publish('marker', 'M');
    await change('marker+M+public');
    expect(client.received.filter((m) => m.body.groupKey === 'app-after.yaml+G+public')).toEqual([]);
  });

  it('naming: syncs the services with instances, then their first instance and their last one leaving', async () => {
    const { app, client } = await start();
    const naming = app.core.naming;
    const key = (serviceName: string) => ({ namespaceId: 'public', groupName: 'G', serviceName });
    await naming.registerInstance(key('orders'), { ip: '10.0.0.1', port: 1 });
    await naming.registerInstance(key('billing'), { ip: '10.0.0.1', port: 1 });
    const pattern = 'public>>G>>*';
    const reply = await client.request('NamingFuzzyWatchRequest', {
      module: 'naming',
      namespace: 'public',
      groupKeyPattern: pattern,
      receivedGroupKeys: [],
      watchType: 'WATCH',
      initializing: true,
    });
    expect(reply).toMatchObject({ type: 'NamingFuzzyWatchResponse', body: { resultCode: 200 } });
    expect(await initialSync(client, 'NamingFuzzyWatchSyncRequest', pattern)).toEqual([
      'ADD_SERVICE public@@G@@billing',
      'ADD_SERVICE public@@G@@orders',
    ]);
    const change = (serviceKey: string, changedType: string) =>
      client.waitFor(
        (m) =>
          m.type === 'NamingFuzzyWatchChangeNotifyRequest' &&
          m.body.serviceKey === serviceKey &&
          m.body.changedType === changedType,
      );
    await naming.registerInstance(key('stock'), { ip: '10.0.0.2', port: 1, ephemeral: false });
    expect((await change('public@@G@@stock', 'ADD_SERVICE')).body.syncType).toBe('FUZZY_WATCH_RESOURCE_CHANGED');
    await naming.deregisterInstance(key('stock'), { ip: '10.0.0.2', port: 1 });
    await change('public@@G@@stock', 'DELETE_SERVICE');
  });

  it('refuses a pattern past the pattern limit, and tells a pattern that matches too much, with nacos codes', async () => {
    const { app, client } = await start({
      RNACOS_FUZZY_WATCH_MAX_PATTERN_COUNT: '1',
      RNACOS_FUZZY_WATCH_MAX_MATCH_COUNT: '2',
    });
    for (const dataId of ['a1', 'a2', 'a3']) {
      await app.core.configs.publish({ dataId, group: 'G', namespaceId: '', content: 'x' });
    }
    const watch = (groupKeyPattern: string) =>
      client.request('ConfigFuzzyWatchRequest', { groupKeyPattern, watchType: 'WATCH', initializing: true });
    expect((await watch('public>>G>>a*')).body).toMatchObject({
      success: false,
      errorCode: 50311,
      message: 'fuzzy watch pattern matched count over limit',
    });
    // what it may follow is still synced
    expect(await initialSync(client, 'ConfigFuzzyWatchSyncRequest', 'public>>G>>a*')).toHaveLength(2);
    expect((await watch('public>>G>>b*')).body).toMatchObject({
      success: false,
      errorCode: 50310,
      message: 'fuzzy watch pattern over limit',
    });
  });

  it('refuses a malformed pattern with a clear message', async () => {
    const { client } = await start();
    const reply = await client.request('NamingFuzzyWatchRequest', {
      groupKeyPattern: 'no-splitter',
      watchType: 'WATCH',
    });
    expect(reply).toMatchObject({ body: { errorCode: 400, success: false } });
    expect(String(reply.body.message)).toContain('namespace>>group>>name');
  });
});
