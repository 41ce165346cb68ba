import { rmSync } from 'node:fs';
import http2 from 'node:http2';
import net from 'node:net';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { BI_STREAM_PATH, connectH2, messagePrefix, rawCall, UNARY_PATH, unfinishedMessage } from './grpc-h2-client.js';
import { RawNacosClient } from './grpc-raw-client.js';
import { buildTestApp, tempDataDir, type TestApp } from './helpers.js';
import { waitUntil } from './interop/wait-until.js';
import { startServerProcess, waitForExit, type ServerProcess } from './server-process.js';

/**
 * Limits of the gRPC port against clients that hold memory or connections without finishing anything,
 * against the built server in a child process (its gauges read from /nacos/metrics).
 */
const MB = 1024 * 1024;
let server: ServerProcess | undefined;
const cleanup: Array<() => void> = [];

async function start(env: Record<string, string>) {
  // RNACOS_CONFIG_MAX_CONTENT 1024: messages up to 10 MB, so a connection holds 20 MB at most
  const dataDir = tempDataDir();
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  server = await startServerProcess(
    { RNACOS_DATA_DIR: dataDir, RNACOS_CONFIG_MAX_CONTENT: '1024', ...env },
    { built: true },
  );
}

function session(): http2.ClientHttp2Session {
  const s = connectH2(server!.grpcPort);
  cleanup.push(() => s.destroy());
  return s;
}

const buffered = async () => {
  const text = await (await fetch(`${server!.baseUrl}/nacos/metrics`)).text();
  return Number(/^grpc_buffered_bytes (\d+)$/m.exec(text)?.[1]);
};

afterEach(async () => {
  for (const undo of cleanup.splice(0)) undo();
  if (server) {
    server.child.kill('SIGKILL');
    await waitForExit(server.child);
    server = undefined;
  }
});

describe('gRPC buffer limits', () => {
  it('refuses a third unfinished 8 MB message on one connection (RESOURCE_EXHAUSTED) and frees it all on close', async () => {
    await start({});
    const s = session();
    for (let i = 0; i < 2; i++) rawCall(s, UNARY_PATH).stream.write(unfinishedMessage(9 * MB, 8 * MB));
    await waitUntil('16 MB held', async () => (await buffered()) === 16 * MB);
    const third = rawCall(s, UNARY_PATH);
    third.stream.write(unfinishedMessage(9 * MB, 8 * MB));
    expect((await third.closed).status).toBe('8');
    expect(await buffered()).toBe(16 * MB);
    s.destroy();
    await waitUntil('nothing held', async () => (await buffered()) === 0);
  });

  it('caps what all connections hold together (RNACOS_GRPC_MAX_BUFFERED_MB)', async () => {
    await start({ RNACOS_GRPC_MAX_BUFFERED_MB: '12' });
    rawCall(session(), UNARY_PATH).stream.write(unfinishedMessage(9 * MB, 8 * MB));
    await waitUntil('8 MB held', async () => (await buffered()) === 8 * MB);
    const other = rawCall(session(), BI_STREAM_PATH);
    other.stream.write(unfinishedMessage(9 * MB, 8 * MB));
    // a bi-stream has sent its headers: the reset tells it (ENHANCE_YOUR_CALM reads as RESOURCE_EXHAUSTED)
    expect((await other.closed).rstCode).toBe(http2.constants.NGHTTP2_ENHANCE_YOUR_CALM);
    expect(await buffered()).toBe(8 * MB);
  });

  it('answers a compression bomb RESOURCE_EXHAUSTED', async () => {
    await start({});
    const bomb = gzipSync(Buffer.alloc(64 * MB));
    const call = rawCall(session(), UNARY_PATH, { 'grpc-encoding': 'gzip' });
    call.stream.end(Buffer.concat([messagePrefix(bomb.length, true), bomb]));
    expect((await call.closed).status).toBe('8');
  });
});

describe('gRPC timeouts', () => {
  it('cuts calls and streams whose message stops arriving, and frees their bytes', async () => {
    await start({ RNACOS_REQUEST_STALL_TIMEOUT_SECOND: '1' });
    const s = session();
    const unary = rawCall(s, UNARY_PATH);
    unary.stream.write(unfinishedMessage(2 * MB, MB));
    const bi = rawCall(s, BI_STREAM_PATH);
    bi.stream.write(unfinishedMessage(2 * MB, MB));
    const silent = rawCall(s, UNARY_PATH); // headers, then nothing
    await waitUntil('2 MB held', async () => (await buffered()) === 2 * MB);
    for (const call of [unary, bi, silent]) {
      expect((await call.closed).rstCode).toBe(http2.constants.NGHTTP2_CANCEL);
    }
    expect(await buffered()).toBe(0);
  });

  it('closes connections without a preface or without streams, but keeps a client with an open bi-stream', async () => {
    await start({ RNACOS_REQUEST_STALL_TIMEOUT_SECOND: '1', RNACOS_CONNECTION_IDLE_TIMEOUT_SECOND: '1' });
    const client = new RawNacosClient(`127.0.0.1:${server!.grpcPort}`);
    cleanup.push(() => client.close());
    const id = await client.connect();

    const tcp = net.connect(server!.grpcPort, '127.0.0.1');
    cleanup.push(() => tcp.destroy());
    tcp.on('error', () => undefined);
    tcp.resume(); // reads, so that the server's close is seen
    const tcpClosed = new Promise((resolve) => tcp.on('close', resolve));
    const idle = session();
    const idleClosed = new Promise((resolve) => idle.on('close', resolve));
    await Promise.all([tcpClosed, idleClosed]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // the SDK-like client, silent longer than the idle timeout, still has its connection (300 is "no such
    // config"; a connection the server no longer knew would get 301)
    expect(id).toBeTruthy();
    const query = await client.request('ConfigQueryRequest', { dataId: 'a', group: 'G' });
    expect(query.body.errorCode).toBe(300);
  });
});

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.dispose();
});

describe('bad input on a bi-stream', () => {
  it('is logged once with a count, not once per message', async () => {
    const lines: Array<{ msg: string; count?: number }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { msg: string; count?: number });
        done();
      },
    });
    const app = await buildTestApp({ logger: pino({ level: 'warn' }, sink) });
    apps.push(app);
    const client = new RawNacosClient(`127.0.0.1:${(await app.listen()).grpc}`);
    cleanup.push(() => client.close());
    const id = await client.connect();
    for (let i = 0; i < 50; i++) client.sendRawOnStream(Buffer.from([0x12, 0xff, 0xff]));
    // the stream is read in order: once this setup shows, the garbage before it has been read
    client.sendOnStream('ConnectionSetupRequest', { clientVersion: 'after-garbage', labels: {} });
    await waitUntil('the second setup', () => app.core.connections.get(id)?.clientVersion === 'after-garbage');
    client.close();
    await waitUntil('the connection to go', () => !app.core.connections.has(id));
    const told = lines.filter((l) => l.msg.startsWith('bad message'));
    expect(told.length).toBeLessThanOrEqual(2);
    expect(told.reduce((sum, l) => sum + (l.count ?? 0), 0)).toBe(50);
  });
});
