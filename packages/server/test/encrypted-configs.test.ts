import { describe, expect, it } from 'vitest';
import type { RawNacosClient } from './grpc-raw-client.js';
import { listeningServer } from './listening-server.js';

/**
 * Encrypted configs (`cipher-*` dataIds with an `encryptedDataKey`, from the nacos clients' config encryption
 * plugin) over real sockets: the gRPC and HTTP doors of a listening server on a real SQLite file.
 */
const DATA_ID = 'cipher-aes-app.yaml';
const KEY = 'c2VjcmV0LWRhdGEta2V5LWVuY3J5cHRlZA==';
const CIPHER = 'Zm9vOiBiYXIK-encrypted';

const server = listeningServer();
const start = () => server.start();
const grpcClient = (port: number) => server.grpcClient(port);

const publish = (c: RawNacosClient, content: string, encryptedDataKey: string | null) =>
  c.request('ConfigPublishRequest', {
    dataId: DATA_ID,
    group: 'APP',
    tenant: '',
    content,
    casMd5: null,
    additionMap: { type: 'yaml', encryptedDataKey, betaIps: null, tag: null },
  });
const query = (c: RawNacosClient) => c.request('ConfigQueryRequest', { dataId: DATA_ID, group: 'APP', tenant: '' });
const notices = (c: RawNacosClient) => c.received.filter((m) => m.type === 'ConfigChangeNotifyRequest').length;

describe('encrypted configs over real sockets', () => {
  it('keep their data key through gRPC and HTTP, wake listeners only for new content, and survive a restart', async () => {
    let ports = await start();
    const writer = await grpcClient(ports.grpc);
    const listener = await grpcClient(ports.grpc);
    await listener.request('ConfigBatchListenRequest', {
      listen: true,
      configListenContexts: [{ dataId: DATA_ID, group: 'APP', tenant: '', md5: '' }],
    });

    expect((await publish(writer, CIPHER, KEY)).body).toMatchObject({ success: true, errorCode: 0 });
    await listener.waitFor((m) => m.type === 'ConfigChangeNotifyRequest');
    expect((await query(writer)).body).toMatchObject({ content: CIPHER, encryptedDataKey: KEY, contentType: 'yaml' });

    // the HTTP door answers the same key in nacos's header
    const url = () => `${ports.http}/nacos/v1/cs/configs?dataId=${DATA_ID}&group=APP`;
    let res = await fetch(url());
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(CIPHER);
    expect(res.headers.get('encrypted-data-key')).toBe(KEY);

    // the same content under a new key: stored and answered, but the md5 (of the content only) is the same,
    // so no listener is woken, as in nacos
    const seen = notices(listener);
    const md5 = (await query(writer)).body.md5;
    expect((await publish(writer, CIPHER, 'bmV3LWtleQ==')).body.success).toBe(true);
    const rekeyed = await query(writer);
    expect(rekeyed.body).toMatchObject({ content: CIPHER, encryptedDataKey: 'bmV3LWtleQ==', md5 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notices(listener)).toBe(seen);
    const history = await server.app.core.configs.history({ namespaceId: '', group: 'APP', dataId: DATA_ID }, 0, 10);
    expect(history.items.map((h) => h.encryptedDataKey)).toEqual(['bmV3LWtleQ==', KEY]);

    // new content without a key is a plain config again: the header goes away
    expect((await publish(writer, 'plain: true', null)).body.success).toBe(true);
    await listener.waitFor((m) => m.type === 'ConfigChangeNotifyRequest' && notices(listener) > seen);
    res = await fetch(url());
    expect(await res.text()).toBe('plain: true');
    expect(res.headers.has('encrypted-data-key')).toBe(false);
    expect((await query(writer)).body.encryptedDataKey).toBe('');

    // back to an encrypted version, then a restart on the same SQLite file
    expect((await publish(writer, CIPHER, KEY)).body.success).toBe(true);
    server.closeClients();
    await server.app.close();
    ports = await start();
    const after = await grpcClient(ports.grpc);
    expect((await query(after)).body).toMatchObject({ content: CIPHER, encryptedDataKey: KEY });
    res = await fetch(url());
    expect(res.headers.get('encrypted-data-key')).toBe(KEY);
    const kept = await server.app.core.configs.history({ namespaceId: '', group: 'APP', dataId: DATA_ID }, 0, 10);
    expect(kept.items.map((h) => h.encryptedDataKey)).toEqual([KEY, '', 'bmV3LWtleQ==', KEY]);
  });

  it('refuses a key over the limit on both doors, storing nothing', async () => {
    const ports = await start();
    const c = await grpcClient(ports.grpc);
    const long = 'k'.repeat(1025);
    expect((await publish(c, CIPHER, long)).body).toMatchObject({ success: false, errorCode: 400 });
    const res = await fetch(`${ports.http}/nacos/v1/cs/configs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ dataId: DATA_ID, group: 'APP', content: CIPHER, encryptedDataKey: long }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('encryptedDataKey is too long');
    expect(server.app.core.configs.get({ namespaceId: '', group: 'APP', dataId: DATA_ID })).toBeUndefined();
  });
});
