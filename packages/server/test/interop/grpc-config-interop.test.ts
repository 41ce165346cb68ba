import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configKeyString } from '../../src/core/config/config-key.js';
import type { LineDriver } from './line-driver.js';
import {
  pythonSdkAvailable,
  startPythonDriver,
  startRustDriver,
  startSdkServer,
  type SdkDriver,
  type SdkServer,
} from './sdk-drivers.js';
import { waitUntil } from './wait-until.js';

/**
 * The config center through the official 2.x clients (nacos-sdk-rust via its Node binding, and
 * nacos-sdk-python), against a listening server, mixed with the HTTP v1 door.
 */
let server: SdkServer;
let rust: SdkDriver;
let python: SdkDriver | undefined;

/** Clients send their listen request in the background; a change before it arrives is not a push. */
function serverListens(dataId: string, group: string, connections = 1) {
  const key = configKeyString({ namespaceId: '', group, dataId });
  return waitUntil(
    `a gRPC listener on ${dataId}`,
    () => server.app.grpc.configListeners.connectionsListeningTo(key).length >= connections,
  );
}

const httpUrl = (path: string) => `http://127.0.0.1:${server.httpPort}${path}`;

async function httpGet(dataId: string, group: string): Promise<{ status: number; body: string }> {
  const res = await fetch(httpUrl(`/nacos/v1/cs/configs?dataId=${dataId}&group=${group}`));
  return { status: res.status, body: await res.text() };
}

async function httpPublish(dataId: string, group: string, content: string): Promise<void> {
  const res = await fetch(httpUrl('/nacos/v1/cs/configs'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ dataId, group, content }).toString(),
  });
  expect(await res.text()).toBe('true');
}

beforeAll(async () => {
  server = await startSdkServer();
  rust = await startRustDriver(server);
  if (pythonSdkAvailable) python = await startPythonDriver(server);
});

afterAll(async () => {
  await Promise.all([rust?.cleanup(), python?.cleanup()]);
  await server?.app.dispose();
});

describe('nacos-sdk-rust (gRPC)', () => {
  it('publishes, reads, is pushed changes made over HTTP, and removes', async () => {
    const d: LineDriver = rust.driver;
    await d.call('config.create', { ...rust.clientArgs, client: 'c' });

    expect(await d.call('config.publish', { client: 'c', dataId: 'rust.props', group: 'APP', content: 'a=1' })).toBe(
      true,
    );
    expect(await httpGet('rust.props', 'APP')).toEqual({ status: 200, body: 'a=1' });
    expect(await d.call('config.get', { client: 'c', dataId: 'rust.props', group: 'APP' })).toBe('a=1');

    await d.call('config.listen', { client: 'c', dataId: 'rust.props', group: 'APP' });
    await serverListens('rust.props', 'APP');
    await httpPublish('rust.props', 'APP', 'a=2');
    const pushed = await d.waitEvent((e) => e.event === 'config' && e.content === 'a=2', 3_000);
    expect(pushed).toMatchObject({ dataId: 'rust.props', group: 'APP' });

    expect(await d.call('config.remove', { client: 'c', dataId: 'rust.props', group: 'APP' })).toBe(true);
    expect((await httpGet('rust.props', 'APP')).status).toBe(404);
    await expect(d.call('config.get', { client: 'c', dataId: 'never.published', group: 'APP' })).rejects.toThrow(
      /error_code=300/,
    );
  });

  it('shows up in the connection registry with its version and namespace', async () => {
    const list = server.app.core.connections.list();
    const rustConn = list.find((c) => c.clientVersion.toLowerCase().includes('rust'));
    expect(rustConn).toMatchObject({ remoteIp: '127.0.0.1', namespace: '' });
    expect(rustConn!.labels.module).toBe('config');
  });
});

describe.skipIf(!pythonSdkAvailable)('nacos-sdk-python (gRPC)', () => {
  it('publishes, reads, removes, and treats a missing config as absent', async () => {
    const d = python!.driver;
    await d.call('config.create', { ...python!.clientArgs, client: 'p' });
    expect(
      await d.call('config.publish', { client: 'p', dataId: 'py.yaml', group: 'APP', content: 'k: v', type: 'yaml' }),
    ).toBe(true);
    expect(await d.call('config.get', { client: 'p', dataId: 'py.yaml', group: 'APP' })).toBe('k: v');
    expect(server.app.core.configs.get({ namespaceId: '', group: 'APP', dataId: 'py.yaml' })?.type).toBe('yaml');
    expect(await d.call('config.remove', { client: 'p', dataId: 'py.yaml', group: 'APP' })).toBe(true);
    expect(await d.call('config.get', { client: 'p', dataId: 'py.yaml', group: 'APP' })).toBeFalsy();
  });

  it('is pushed a change published by another SDK over gRPC', async () => {
    const d = python!.driver;
    await d.call('config.listen', { client: 'p', dataId: 'shared.json', group: 'APP' });
    await serverListens('shared.json', 'APP');
    await rust.driver.call('config.publish', { client: 'c', dataId: 'shared.json', group: 'APP', content: '{"v":1}' });
    // Well under the clients' 5 s listen round: this is the push.
    const pushed = await d.waitEvent((e) => e.event === 'config' && e.dataId === 'shared.json', 3_000);
    expect(pushed.content).toBe('{"v":1}');
  });

  it('publishes with compare-and-set', async () => {
    const d = python!.driver;
    await d.call('config.publish', { client: 'p', dataId: 'cas.txt', group: 'APP', content: 'one' });
    const md5 = server.app.core.configs.get({ namespaceId: '', group: 'APP', dataId: 'cas.txt' })!.md5;
    expect(
      await d.call('config.publish', { client: 'p', dataId: 'cas.txt', group: 'APP', content: 'two', casMd5: md5 }),
    ).toBe(true);
    // The md5 of "one" no longer matches: refused, content unchanged.
    await expect(
      d.call('config.publish', { client: 'p', dataId: 'cas.txt', group: 'APP', content: 'three', casMd5: md5 }),
    ).rejects.toThrow();
    expect((await httpGet('cas.txt', 'APP')).body).toBe('two');
  });
});

describe.skipIf(!pythonSdkAvailable)('nacos-sdk-python after the server closed its connection', () => {
  it('reconnects and hears the next change (it stays on a stream-less channel if the stream ends OK)', async () => {
    const d = python!.driver;
    await d.call('config.create', { ...python!.clientArgs, client: 'pc' });
    await d.call('config.listen', { client: 'pc', dataId: 'closed.txt', group: 'APP' });
    await serverListens('closed.txt', 'APP');
    // a config it has heard is in sync: the SDK no longer asks after it, it waits for pushes
    await httpPublish('closed.txt', 'APP', 'before');
    await d.waitEvent((e) => e.event === 'config' && e.content === 'before', 10_000);
    // the server closes it, as it does with a client that stops answering its detection probes
    const connections = server.app.grpc.connections;
    for (const conn of connections.list()) {
      if (
        server.app.grpc.configListeners
          .connectionsListeningTo(configKeyString({ namespaceId: '', group: 'APP', dataId: 'closed.txt' }))
          .includes(conn.id)
      )
        connections.close(conn, 'no answer to its detection');
    }
    await serverListens('closed.txt', 'APP');
    await httpPublish('closed.txt', 'APP', 'after');
    const pushed = await d.waitEvent((e) => e.event === 'config' && e.content === 'after', 10_000);
    expect(pushed.dataId).toBe('closed.txt');
  });
});

describe('one registry, two doors', () => {
  it('a gRPC publish answers a held HTTP long-poll at once', async () => {
    await httpPublish('poll.txt', 'APP', 'before');
    const md5 = server.app.core.configs.get({ namespaceId: '', group: 'APP', dataId: 'poll.txt' })!.md5;
    const held = fetch(httpUrl('/nacos/v1/cs/configs/listener'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'Long-Pulling-Timeout': '30000' },
      body: new URLSearchParams({ 'Listening-Configs': `poll.txt\u0002APP\u0002${md5}\u0001` }).toString(),
    }).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 100));
    await rust.driver.call('config.publish', { client: 'c', dataId: 'poll.txt', group: 'APP', content: 'after' });
    expect(decodeURIComponent(await held)).toContain('poll.txt\u0002APP');
  });
});
