import http2 from 'node:http2';
import { afterEach, describe, expect, it } from 'vitest';
import { frameMessage } from '../src/adapters/grpc-v2/grpc-frames.js';
import { encodePayload } from '../src/adapters/grpc-v2/payload.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { waitUntil } from './interop/wait-until.js';

/**
 * How the server ends a bi-stream the client half-closed. nacos-client 3.x shuts down by half-closing its
 * stream and sending GOAWAY, its call already closed: trailers sent then reach a closed stream, which
 * grpc-java logs ("Received trailers on closed stream") on every shutdown.
 */
let app: TestApp | undefined;
let session: http2.ClientHttp2Session | undefined;
afterEach(async () => {
  session?.destroy();
  await app?.dispose();
});

async function openSetUpStream() {
  app = await buildTestApp();
  const { grpc } = await app.listen();
  session = http2.connect(`http://127.0.0.1:${grpc}`);
  const stream = session.request({
    ':method': 'POST',
    ':path': '/BiRequestStream/requestBiStream',
    'content-type': 'application/grpc',
    te: 'trailers',
  });
  stream.resume();
  stream.on('error', () => undefined);
  stream.write(
    frameMessage(encodePayload('ConnectionSetupRequest', { headers: {}, module: 'internal', clientVersion: 'test' })),
  );
  const testApp = app;
  await waitUntil('the connection', () => testApp.grpc.connections.size() === 1);
  let trailers: http2.IncomingHttpHeaders | undefined;
  stream.on('trailers', (t) => (trailers = t));
  const closed = new Promise<void>((resolve) => stream.on('close', () => resolve()));
  return { stream, closed, trailers: () => trailers, connections: () => testApp.grpc.connections.size() };
}

describe('a bi-stream the client half-closes', () => {
  it('is reset without trailers when the client then says GOAWAY, as a shutting-down nacos client does', async () => {
    const s = await openSetUpStream();
    s.stream.end();
    session!.goaway(http2.constants.NGHTTP2_NO_ERROR, 0);
    await s.closed;
    expect(s.trailers()).toBeUndefined();
    expect(s.stream.rstCode).toBe(http2.constants.NGHTTP2_NO_ERROR);
    await waitUntil('the connection released', () => s.connections() === 0);
  });

  it('ends with status OK for a client that stays', async () => {
    const s = await openSetUpStream();
    s.stream.end();
    await s.closed;
    expect(s.trailers()).toMatchObject({ 'grpc-status': '0' });
    await waitUntil('the connection released', () => s.connections() === 0);
  });
});

describe('a connection the server closes', () => {
  it('ends its stream with UNAVAILABLE and closes the HTTP/2 connection, so that every SDK reconnects', async () => {
    const s = await openSetUpStream();
    const sessionClosed = new Promise<void>((resolve) => session!.on('close', () => resolve()));
    const conn = app!.grpc.connections.list()[0];
    app!.grpc.connections.close(conn, 'no answer to its detection');
    await s.closed;
    expect(s.trailers()).toMatchObject({ 'grpc-status': '14' });
    await sessionClosed;
    expect(s.connections()).toBe(0);
  });
});
