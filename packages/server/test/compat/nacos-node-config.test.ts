import { rmSync } from 'node:fs';
import { DataClient, NacosConfigClient } from 'nacos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDataDir, type TestApp } from '../helpers.js';

// The official npm config client (nacos-config, 1.x HTTP protocol) against a listening server.
type Client = InstanceType<typeof DataClient>;
type SharedClient = InstanceType<typeof NacosConfigClient>;
let app: TestApp;
let serverAddr: string;
let client: SharedClient;
const cacheDir = tempDataDir('tsnacos-node-client-');
const clients: Client[] = [];

/**
 * A client of its own. `NacosConfigClient` shares one worker per process (cluster-client), and a worker adds
 * new subscriptions to its long poll only when the poll in flight returns; `DataClient` is the same client
 * without that sharing, so each subscription test starts with no poll in flight.
 */
async function newClient(): Promise<Client> {
  const c = new DataClient({ serverAddr, cacheDir, requestTimeout: 10_000 });
  await c.ready();
  clients.push(c);
  return c;
}

/** Subscribes and resolves when the client reports `expected` (it may first report the current value). */
function waitForValue(
  client: Client,
  dataId: string,
  group: string,
  expected: string,
): { value: Promise<string>; cancel: () => void } {
  let listener: (content: string) => void = () => {};
  const value = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`client never saw ${dataId} = ${expected}`)), 20_000);
    listener = (content: string) => {
      if (content !== expected) return;
      clearTimeout(timer);
      resolve(content);
    };
    client.subscribe({ dataId, group }, listener);
  });
  return { value, cancel: () => client.unSubscribe({ dataId, group }, listener) };
}

beforeAll(async () => {
  app = await buildTestApp();
  serverAddr = (await app.sdkHttp.listen({ port: 0, host: '127.0.0.1' })).replace('http://', '');
  client = new NacosConfigClient({ serverAddr, cacheDir, requestTimeout: 10_000 });
  await client.ready();
});

afterAll(async () => {
  client?.close();
  for (const c of clients) c.close();
  await app?.dispose();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('nacos npm config client', () => {
  it('publishes and gets a config, unicode included', async () => {
    expect(await client.publishSingle('interop.properties', 'DEFAULT_GROUP', 'name=值 ✓')).toBe(true);
    expect(await client.getConfig('interop.properties', 'DEFAULT_GROUP')).toBe('name=值 ✓');
  });

  it('gets null for a config that does not exist', async () => {
    expect(await client.getConfig('never-published', 'DEFAULT_GROUP')).toBeNull();
  });

  it('subscribes and sees a change published by someone else', async () => {
    await client.publishSingle('watched.yaml', 'DEFAULT_GROUP', 'v: 1');
    const change = waitForValue(await newClient(), 'watched.yaml', 'DEFAULT_GROUP', 'v: 2');
    await new Promise((r) => setTimeout(r, 300)); // let the long poll start
    await app.core.configs.publish({
      namespaceId: '',
      group: 'DEFAULT_GROUP',
      dataId: 'watched.yaml',
      content: 'v: 2',
    });
    expect(await change.value).toBe('v: 2');
    change.cancel();
  });

  it('subscribes to a key that does not exist yet and sees it appear', async () => {
    const change = waitForValue(await newClient(), 'appears-later', 'LATE_GROUP', 'hello');
    await new Promise((r) => setTimeout(r, 300));
    await client.publishSingle('appears-later', 'LATE_GROUP', 'hello');
    expect(await change.value).toBe('hello');
    change.cancel();
  });

  it('reads and is told of a beta release that lists its IP, and of its stop', async () => {
    await client.publishSingle('beta.yaml', 'DEFAULT_GROUP', 'v: stable');
    const listener = await newClient();
    const toBeta = waitForValue(listener, 'beta.yaml', 'DEFAULT_GROUP', 'v: beta');
    await new Promise((r) => setTimeout(r, 300)); // let the long poll start
    const res = await fetch(`http://${serverAddr}/nacos/v1/cs/configs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', betaIps: '127.0.0.1' },
      body: new URLSearchParams({ dataId: 'beta.yaml', group: 'DEFAULT_GROUP', content: 'v: beta' }).toString(),
    });
    expect(await res.text()).toBe('true');
    expect(await toBeta.value).toBe('v: beta');
    toBeta.cancel();
    expect(await client.getConfig('beta.yaml', 'DEFAULT_GROUP')).toBe('v: beta');

    const toStable = waitForValue(listener, 'beta.yaml', 'DEFAULT_GROUP', 'v: stable');
    await new Promise((r) => setTimeout(r, 300));
    const stop = `http://${serverAddr}/nacos/v1/cs/configs?dataId=beta.yaml&group=DEFAULT_GROUP&beta=true`;
    expect((await (await fetch(stop, { method: 'DELETE' })).json()).data).toBe(true);
    expect(await toStable.value).toBe('v: stable');
    toStable.cancel();
  });

  it('removes a config', async () => {
    await client.publishSingle('to-remove', 'DEFAULT_GROUP', 'x');
    expect(await client.remove('to-remove', 'DEFAULT_GROUP')).toBe(true);
    expect(await client.getConfig('to-remove', 'DEFAULT_GROUP')).toBeNull();
  });
});
