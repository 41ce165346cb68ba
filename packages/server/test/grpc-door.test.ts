import http2 from 'node:http2';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { status } from '@grpc/grpc-js';
import { frameMessage } from '../src/adapters/grpc-v2/grpc-frames.js';
import { decodePayload, encodePayload } from '../src/adapters/grpc-v2/payload.js';
import { RawNacosClient } from './grpc-raw-client.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { waitUntil } from './interop/wait-until.js';

/** The gRPC door over real sockets, with a bare protocol client. */
let app: TestApp;
let port: number;
const clients: RawNacosClient[] = [];

async function start(env: Record<string, string> = {}) {
  app = await buildTestApp({ env });
  port = (await app.listen()).grpc;
}

function client(host = '127.0.0.1'): RawNacosClient {
  const c = new RawNacosClient(host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);
  clients.push(c);
  return c;
}

const ipv6Available = await new Promise<boolean>((resolve) => {
  const s = net.createServer().once('error', () => resolve(false));
  s.listen(0, '::1', () => s.close(() => resolve(true)));
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await app?.dispose();
});

describe('gRPC door', () => {
  it('serves IPv4 and IPv6 clients on one port', async () => {
    await start();
    const hosts = ipv6Available ? ['127.0.0.1', '::1'] : ['127.0.0.1'];
    for (const host of hosts) {
      const c = client(host);
      const id = await c.connect();
      expect(id).toContain(host === '::1' ? '_::1_' : '_127.0.0.1_');
      expect((await c.request('ConfigQueryRequest', { dataId: 'a', group: 'G' })).body.errorCode).toBe(300);
    }
    expect(app.core.connections.count()).toBe(hosts.length);
  });

  it('refuses requests before the stream is open, but answers ServerCheck', async () => {
    await start();
    const c = client();
    expect((await c.request('ConfigQueryRequest', { dataId: 'a', group: 'G' })).body.errorCode).toBe(301);
    const check = await c.request('ServerCheckRequest');
    expect(check).toMatchObject({ type: 'ServerCheckResponse', body: { success: true } });
    const id = await c.connect();
    expect(id).toBe(check.body.connectionId);
  });

  it('answers with the headers of a gRPC server and no date, on calls, failures and the bi-stream', async () => {
    await start();
    const session = http2.connect(`http://127.0.0.1:${port}`);
    session.on('error', () => undefined);
    const call = (path: string, message?: Buffer) =>
      new Promise<{ headers: http2.IncomingHttpHeaders; trailers?: http2.IncomingHttpHeaders }>((resolve) => {
        const stream = session.request({ ':method': 'POST', ':path': path, 'content-type': 'application/grpc' });
        stream.on('error', () => undefined);
        let headers: http2.IncomingHttpHeaders = {};
        stream.on('response', (h) => {
          headers = h;
          // the bi-stream stays open: its headers are all there is to see
          if (path.startsWith('/BiRequestStream/')) resolve({ headers });
        });
        stream.on('trailers', (trailers) => resolve({ headers, trailers }));
        stream.on('close', () => resolve({ headers }));
        stream.resume();
        if (message) stream.end(frameMessage(message));
      });
    try {
      const plain = { ':status': 200, 'content-type': 'application/grpc' };
      const unary = await call('/Request/request', encodePayload('ServerCheckRequest', { module: 'internal' }));
      expect(unary.headers).toEqual(expect.objectContaining(plain));
      expect(unary.headers).not.toHaveProperty('date');
      expect(unary.trailers).toEqual(expect.objectContaining({ 'grpc-status': '0' }));
      const failed = await call('/Nope/call', Buffer.from('x'));
      expect(failed.headers).toEqual(expect.objectContaining({ ...plain, 'grpc-status': '12' }));
      expect(failed.headers).not.toHaveProperty('date');
      const bi = await call('/BiRequestStream/requestBiStream');
      expect(bi.headers).toEqual(expect.objectContaining(plain));
      expect(bi.headers).not.toHaveProperty('date');
    } finally {
      session.destroy();
    }
  });

  it('rejects an oversized message and keeps serving the connection', async () => {
    await start({ RNACOS_CONFIG_MAX_CONTENT: '1024' });
    const c = client();
    await c.connect();
    const huge = 'x'.repeat(11 * 1024 * 1024);
    await expect(c.request('ConfigPublishRequest', { dataId: 'big', group: 'G', content: huge })).rejects.toMatchObject(
      {
        code: status.RESOURCE_EXHAUSTED,
      },
    );
    const tooLongContent = await c.request('ConfigPublishRequest', {
      dataId: 'big',
      group: 'G',
      content: 'x'.repeat(2048),
    });
    expect(tooLongContent.body).toMatchObject({ errorCode: 400, success: false });
    expect(String(tooLongContent.body.message)).toMatch(/too large/);
    expect((await c.request('HealthCheckRequest')).body.success).toBe(true);
  });

  it('resets a bi-stream that announces an oversized message (RESOURCE_EXHAUSTED), and the connection serves on', async () => {
    await start();
    // node:http2 directly: the test writes the gRPC length prefix itself
    const session = http2.connect(`http://127.0.0.1:${port}`);
    try {
      const stream = session.request({
        ':method': 'POST',
        ':path': '/BiRequestStream/requestBiStream',
        'content-type': 'application/grpc',
        te: 'trailers',
      });
      stream.resume();
      stream.on('error', () => undefined); // the reset, read from rstCode below
      const prefix = Buffer.alloc(5);
      prefix.writeUInt32BE(64 * 1024 * 1024, 1); // far above the server's message limit
      stream.write(Buffer.concat([prefix, Buffer.alloc(1024)]));
      const rstCode = await new Promise<number>((resolve) => stream.on('close', () => resolve(stream.rstCode ?? -1)));
      // gRPC clients read ENHANCE_YOUR_CALM as RESOURCE_EXHAUSTED
      expect(rstCode).toBe(http2.constants.NGHTTP2_ENHANCE_YOUR_CALM);
      // the same connection still answers a unary call
      const check = session.request({
        ':method': 'POST',
        ':path': '/Request/request',
        'content-type': 'application/grpc',
        te: 'trailers',
      });
      const chunks: Buffer[] = [];
      check.on('data', (c: Buffer) => chunks.push(c));
      check.end(frameMessage(encodePayload('ServerCheckRequest', { headers: {}, requestId: '1' })));
      await new Promise((resolve) => check.on('close', resolve));
      const reply = decodePayload(Buffer.concat(chunks).subarray(5));
      expect(reply.type).toBe('ServerCheckResponse');
    } finally {
      session.destroy();
    }
  });

  it('answers an unknown method with UNIMPLEMENTED, gzip-compressed calls, and a 4 MB config in many frames', async () => {
    await start();
    const plain = client();
    const unknown = await new Promise<{ code: number }>((resolve) =>
      plain.client.makeUnaryRequest(
        '/Nope/call',
        (b: Buffer) => b,
        (b: Buffer) => b,
        Buffer.from('x'),
        (err) => resolve(err as { code: number }),
      ),
    );
    expect(unknown.code).toBe(status.UNIMPLEMENTED);

    const gzip = new RawNacosClient(`127.0.0.1:${port}`, { 'grpc.default_compression_algorithm': 2 });
    clients.push(gzip);
    await gzip.connect();
    const content = 'line of a big config\n'.repeat(200_000);
    const published = await gzip.request('ConfigPublishRequest', { dataId: 'big', group: 'G', content });
    expect(published.body.success).toBe(true);
    await plain.connect();
    const read = await plain.request('ConfigQueryRequest', { dataId: 'big', group: 'G' });
    expect(read.body.content).toBe(content);
  });

  it('answers bytes that are no Payload with an error', async () => {
    await start();
    const c = client();
    const reply = await c.requestBytes(Buffer.from([0x12, 0xff, 0xff, 0xff, 0xff, 0x0f]));
    expect(reply).toMatchObject({ type: 'ErrorResponse', body: { errorCode: 400 } });
  });

  it('ignores garbage on the stream and keeps the connection', async () => {
    await start();
    const c = client();
    const id = await c.connect();
    c.sendRawOnStream(Buffer.from([0x12, 0xff, 0xff]));
    c.sendOnStream('ConfigChangeNotifyResponse', { requestId: 'no-such-push' });
    expect((await c.request('HealthCheckRequest')).body.success).toBe(true);
    expect(app.core.connections.has(id)).toBe(true);
  });

  it('drops a client that disconnects in the middle of a push, leaving nothing behind', async () => {
    await start();
    const c = client();
    const id = await c.connect();
    c.autoAck = false;
    await c.request('ConfigBatchListenRequest', { configListenContexts: [{ dataId: 'w', group: 'G', md5: '' }] });
    await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'w', content: 'v' });
    await c.waitFor((m) => m.type === 'ConfigChangeNotifyRequest');
    expect(app.grpc.connections.get(id)?.pending.size).toBe(1);
    c.close();
    await waitUntil('the connection to go', () => !app.core.connections.has(id), 1_000);
    expect(app.grpc.connections.size()).toBe(0);
    expect(app.core.configs.watcherCount()).toBe(0);
    expect(app.grpc.configListeners.listenedBy(id)).toEqual([]);
  });

  it('removes a dropped client instances and pushes that to subscribers within a second', async () => {
    await start();
    const provider = client();
    const watcher = client();
    await provider.connect();
    await watcher.connect();
    const service = { namespace: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'svc' };
    await watcher.request('SubscribeServiceRequest', { ...service, subscribe: true, clusters: '' });
    const registered = await provider.request('InstanceRequest', {
      ...service,
      type: 'registerInstance',
      instance: { ip: '10.0.0.1', port: 80 },
    });
    expect(registered.body.success).toBe(true);
    const hostsOf = (m: { body: Record<string, unknown> }) => (m.body.serviceInfo as { hosts: unknown[] }).hosts.length;
    await watcher.waitFor((m) => m.type === 'NotifySubscriberRequest' && hostsOf(m) === 1);

    provider.close();
    const emptied = await watcher.waitFor((m) => m.type === 'NotifySubscriberRequest' && hostsOf(m) === 0, 1_000);
    expect(emptied.body.serviceInfo).toMatchObject({ name: 'svc', groupName: 'DEFAULT_GROUP', clusters: '' });
    expect(app.core.naming.stats().instanceCount).toBe(0);
  });

  it('pushes the service after the answer to a subscribe', async () => {
    await start();
    const c = client();
    await c.connect();
    await app.core.naming.registerInstance(
      { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'early' },
      { ip: '10.1.1.1', port: 8080 },
    );
    const service = { namespace: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'early' };
    const answered = await c.request('SubscribeServiceRequest', { ...service, subscribe: true, clusters: '' });
    const answeredAt = c.received.length;
    expect(answered.body.success).toBe(true);
    const push = await c.waitFor((m) => m.type === 'NotifySubscriberRequest');
    expect(c.received.indexOf(push)).toBeGreaterThanOrEqual(answeredAt);
    expect((push.body.serviceInfo as { hosts: { ip: string }[] }).hosts.map((h) => h.ip)).toEqual(['10.1.1.1']);
  });

  it('unregisters a client that ends its stream', async () => {
    await start();
    const c = client();
    const id = await c.connect();
    c.close();
    await waitUntil('the connection to go', () => !app.core.connections.has(id), 1_000);
  });

  it('asks connected clients to reconnect when it shuts down', async () => {
    await start();
    const c = client();
    await c.connect();
    const reset = c.waitFor((m) => m.type === 'ConnectResetRequest');
    await app.close();
    expect((await reset).body.module).toBe('internal');
  });
});
