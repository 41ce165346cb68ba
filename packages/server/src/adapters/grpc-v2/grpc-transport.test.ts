import type http2 from 'node:http2';
import { afterEach, describe, expect, it } from 'vitest';
import { BI_STREAM_PATH, connectH2, rawCall, UNARY_PATH, type RawCall } from '../../../test/grpc-h2-client.js';
import { waitUntil } from '../../../test/interop/wait-until.js';
import { frameMessage } from './grpc-frames.js';
import { createGrpcTransport, type GrpcBiStream, type GrpcTransport } from './grpc-transport.js';

const LIMITS = { maxMessageBytes: 1 << 20, maxBufferedBytes: 8 << 20, stallTimeoutMs: 10_000, idleTimeoutMs: 60_000 };
const UNAVAILABLE = '14';

let transport: GrpcTransport | undefined;
let session: http2.ClientHttp2Session | undefined;
afterEach(async () => {
  session?.destroy();
  await transport?.close(0);
});

/** A transport whose unary method never answers, with the server side of each bi-stream opened. */
async function start(): Promise<{ port: number; streams: GrpcBiStream[]; asked: () => number }> {
  const streams: GrpcBiStream[] = [];
  let asked = 0;
  transport = createGrpcTransport(
    {
      unary: { [UNARY_PATH]: () => (asked++, new Promise<Buffer>(() => undefined)) },
      biStream: { [BI_STREAM_PATH]: (stream) => streams.push(stream) },
    },
    LIMITS,
  );
  const port = await transport.listen('127.0.0.1', 0);
  return { port, streams, asked: () => asked };
}

function unaryCall(s: http2.ClientHttp2Session): RawCall {
  const call = rawCall(s, UNARY_PATH);
  call.stream.end(frameMessage(Buffer.from('{}')));
  return call;
}

describe('a bi-stream the server aborts (the server closed its client connection)', () => {
  it('fails the calls under way on its connection, and those made afterwards at once, without a GOAWAY', async () => {
    const { port, streams, asked } = await start();
    const s = (session = connectH2(port));
    let goaway = false;
    s.on('goaway', () => (goaway = true));
    const bi = rawCall(s, BI_STREAM_PATH);
    bi.stream.write(frameMessage(Buffer.from('{}')));
    // the client's half stays open until it reacts: the status arrives in the trailers
    const biStatus = new Promise((resolve) => bi.stream.on('trailers', (h) => resolve(h['grpc-status'])));
    const underWay = unaryCall(s);
    await waitUntil('the stream opened and the call was asked', () => streams.length === 1 && asked() === 1);

    streams[0].abort('let go');
    expect((await underWay.closed).status).toBe(UNAVAILABLE);
    expect(await biStatus).toBe(UNAVAILABLE);
    // a call the client makes before it has moved elsewhere fails at once, on the same connection
    const after = unaryCall(s);
    expect((await after.closed).status).toBe(UNAVAILABLE);
    expect(asked()).toBe(1);
    expect(goaway).toBe(false);
    expect(s.destroyed).toBe(false);
  });

  it('leaves the calls of other connections alone', async () => {
    const { port, streams, asked } = await start();
    const s = (session = connectH2(port));
    const other = connectH2(port);
    try {
      rawCall(s, BI_STREAM_PATH).stream.write(frameMessage(Buffer.from('{}')));
      const elsewhere = unaryCall(other);
      let ended = false;
      void elsewhere.closed.then(() => (ended = true));
      await waitUntil('the stream opened and the call was asked', () => streams.length === 1 && asked() === 1);
      streams[0].abort('let go');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ended).toBe(false);
    } finally {
      other.destroy();
    }
  });
});
