import { describe, expect, it } from 'vitest';
import type { RawNacosClient } from './grpc-raw-client.js';
import { listeningServer } from './listening-server.js';

/**
 * Beta releases over real sockets: a gRPC client on 127.0.0.1 (the IP it reports) and the HTTP door of a
 * listening server on a real SQLite file, through stop, promote and a restart.
 */
const DATA_ID = 'gray-app.yaml';
const key = { namespaceId: '', group: 'APP', dataId: DATA_ID };

const server = listeningServer();
const start = () => server.start();
const grpcClient = (port: number) => server.grpcClient(port);

const publish = (c: RawNacosClient, content: string, betaIps: string | null) =>
  c.request('ConfigPublishRequest', {
    dataId: DATA_ID,
    group: 'APP',
    tenant: '',
    content,
    casMd5: null,
    additionMap: { type: 'yaml', betaIps, tag: null },
  });
const query = async (c: RawNacosClient) =>
  (await c.request('ConfigQueryRequest', { dataId: DATA_ID, group: 'APP', tenant: '' })).body;
const notices = (c: RawNacosClient) => c.received.filter((m) => m.type === 'ConfigChangeNotifyRequest').length;
const nextNotice = (c: RawNacosClient, seen: number) => c.waitFor(() => notices(c) > seen, 5_000);

describe('beta releases over real sockets', () => {
  it('serve the listed client IPs, notify them, stop, promote and survive a restart', async () => {
    let ports = await start();
    const client = await grpcClient(ports.grpc);
    expect((await publish(client, 'v: stable', null)).body.success).toBe(true);
    const stable = await query(client);
    await client.request('ConfigBatchListenRequest', {
      listen: true,
      configListenContexts: [{ dataId: DATA_ID, group: 'APP', tenant: '', md5: stable.md5 }],
    });

    // a beta that does not list this client changes nothing it reads
    expect((await publish(client, 'v: elsewhere', '10.1.2.3')).body.success).toBe(true);
    expect(await query(client)).toMatchObject({ content: 'v: stable', md5: stable.md5, beta: false });

    // listed: the client is notified and reads the beta, with its md5 and the beta flag
    let seen = notices(client);
    expect((await publish(client, 'v: beta', '10.1.2.3,127.0.0.1')).body.success).toBe(true);
    await nextNotice(client, seen);
    const beta = await query(client);
    expect(beta).toMatchObject({ content: 'v: beta', beta: true, isBeta: true, contentType: 'yaml' });
    expect(beta.md5).not.toBe(stable.md5);
    // the HTTP door (a client on 127.0.0.1 too) reads it as well; the stable config is untouched
    const url = () => `${ports.http}/nacos/v1/cs/configs?dataId=${DATA_ID}&group=APP`;
    let res = await fetch(url());
    expect([await res.text(), res.headers.get('isbeta')]).toEqual(['v: beta', 'true']);
    expect(server.app.core.configs.get(key)?.content).toBe('v: stable');

    // a restart keeps the beta (real SQLite file)
    server.closeClients();
    await server.app.close();
    ports = await start();
    const again = await grpcClient(ports.grpc);
    expect(await query(again)).toMatchObject({ content: 'v: beta', beta: true });

    // stop: the client is notified and reads the stable config again
    await again.request('ConfigBatchListenRequest', {
      listen: true,
      configListenContexts: [{ dataId: DATA_ID, group: 'APP', tenant: '', md5: beta.md5 }],
    });
    seen = notices(again);
    res = await fetch(`${url()}&beta=true`, { method: 'DELETE' });
    expect(await res.json()).toEqual({ code: 200, message: 'stop beta ok', data: true });
    await nextNotice(again, seen);
    expect(await query(again)).toMatchObject({ content: 'v: stable', beta: false });

    // promote: the beta becomes the stable config for everyone, and the beta is gone
    expect((await publish(again, 'v: next', '127.0.0.1')).body.success).toBe(true);
    await server.app.core.configs.promoteGray(key, 'beta', { srcUser: 'nacos' });
    expect(server.app.core.configs.get(key)?.content).toBe('v: next');
    expect(server.app.core.configs.graysOf(key)).toEqual([]);
    expect(await query(again)).toMatchObject({ content: 'v: next', beta: false });
    const history = await server.app.core.configs.history(key, 0, 3);
    expect(history.items.map((h) => [h.op, h.content, h.publishType ?? 'formal'])).toEqual([
      ['D', 'v: next', 'gray'],
      ['U', 'v: next', 'formal'],
      ['I', 'v: next', 'gray'],
    ]);
  });

  it("compare a tag-labelled connection's listens with its tag release, on query and on batch listen", async () => {
    const ports = await start();
    const tagged = await server.labelledClient(ports.grpc, {
      source: 'sdk',
      module: 'config',
      'Vipserver-Tag': 'blue',
    });
    const plain = await grpcClient(ports.grpc);
    expect((await publish(plain, 'v: stable', null)).body.success).toBe(true);
    const stable = await query(plain);
    await server.app.core.configs.publishGray({ ...key, content: 'v: blue', rule: { type: 'tag', tag: 'blue' } });
    expect(await query(tagged)).toMatchObject({ content: 'v: blue' });
    expect(await query(plain)).toMatchObject({ content: 'v: stable' });
    const listen = async (c: RawNacosClient, md5: unknown) =>
      (
        await c.request('ConfigBatchListenRequest', {
          listen: true,
          configListenContexts: [{ dataId: DATA_ID, group: 'APP', tenant: '', md5 }],
        })
      ).body.changedConfigs as unknown[];
    // holding the stable md5: the tagged client is told its config changed, the other is not
    expect(await listen(tagged, stable.md5)).toHaveLength(1);
    expect(await listen(plain, stable.md5)).toHaveLength(0);
    // holding the tag release's md5: the tagged client is up to date
    expect(await listen(tagged, (await query(tagged)).md5)).toHaveLength(0);
  });
});
