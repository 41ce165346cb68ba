import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { isWildcardHost } from '../../shared/wildcard-host.js';
import { frameMessage, GrpcFrameError, GrpcMessageReader, GrpcStatus, OrderedMessages } from './grpc-frames.js';
import { GrpcSessionGuard, type GrpcLimits } from './grpc-session-guard.js';

/**
 * gRPC over node:http2, for the two methods of the nacos protocol (a unary call and a bi-directional
 * stream of opaque messages). Measured on one core, a bare echo costs 28 µs of CPU per call here against
 * 44 µs with @grpc/grpc-js (bench/README.md): the framing is all this protocol needs of a gRPC library.
 */
export interface GrpcBiStream {
  write(bytes: Buffer): void;
  /** Ends the stream with status OK. */
  end(): void;
  onMessage(listener: (bytes: Buffer) => void): void;
  /** Called once, however the stream ends (client end, cancel, lost connection, server end). */
  onClose(listener: () => void): void;
}

export interface GrpcMethods {
  /** `peer` is `ip:port` of the client's connection, the same for all its calls and its streams. */
  unary: Record<string, (request: Buffer, peer: string) => Promise<Buffer>>;
  biStream: Record<string, (stream: GrpcBiStream, peer: string) => void>;
}

export interface GrpcTransport {
  listen(host: string, port: number): Promise<number>;
  /** Asks every connection to go away (GOAWAY), then cuts those still open after `graceMs`. */
  close(graceMs: number): Promise<void>;
  /** Bytes of unfinished messages held right now (all connections). */
  bufferedBytes(): number;
}

const RESPONSE_HEADERS = { ':status': 200, 'content-type': 'application/grpc' };
const OK_TRAILERS = { 'grpc-status': '0' };
/** Streams one connection may open at once; the SDKs use one bi-stream and a few calls in flight. */
const MAX_CONCURRENT_STREAMS = 1000;

interface StreamContext {
  reader: GrpcMessageReader;
  encoding: string | undefined;
  maxBytes: number;
  guard: GrpcSessionGuard;
  /** Uncounts the stream from its connection's live streams. */
  release: () => void;
}

export function createGrpcTransport(methods: GrpcMethods, limits: GrpcLimits): GrpcTransport {
  const { maxMessageBytes } = limits;
  const server = http2.createServer({
    // a session may hold a few messages of the largest size at once (in MB)
    maxSessionMemory: Math.max(10, Math.ceil((4 * maxMessageBytes) / 1048576)),
    settings: { initialWindowSize: 1 << 20, maxConcurrentStreams: MAX_CONCURRENT_STREAMS },
  });
  const guard = new GrpcSessionGuard(limits);
  const sessions = new Set<http2.ServerHttp2Session>();

  server.on('session', (session) => {
    sessions.add(session);
    guard.add(session);
    session.on('close', () => sessions.delete(session));
    session.on('error', () => undefined);
    // the connection-wide window as large as the per-stream one: big configs arrive without stalls
    session.setLocalWindowSize(1 << 20);
  });
  server.on('sessionError', () => undefined);

  server.on('stream', (stream, headers) => {
    stream.on('error', () => undefined);
    const path = headers[':path'] ?? '';
    const session = stream.session;
    const socket = session?.socket;
    const peer = `${socket?.remoteAddress ?? ''}:${socket?.remotePort ?? 0}`;
    const encoding = headers['grpc-encoding'] as string | undefined;
    const release = guard.streamOpened(session);
    const ctx: StreamContext = {
      reader: new GrpcMessageReader(maxMessageBytes, guard.budgetOf(session)),
      encoding: encoding === 'identity' ? undefined : encoding,
      maxBytes: maxMessageBytes,
      guard,
      release,
    };
    stream.once('close', () => {
      release();
      ctx.reader.discard();
    });
    const unary = methods.unary[path];
    if (unary) return serveUnary(stream, ctx, (request) => unary(request, peer));
    const bi = methods.biStream[path];
    if (bi) return serveBiStream(stream, ctx, (s) => bi(s, peer));
    failStream(stream, GrpcStatus.UNIMPLEMENTED, `unknown method ${path}`);
  });

  const bind = (host: string, port: number) =>
    new Promise<number>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      server.once('error', onError);
      server.listen(port, host, () => {
        server.off('error', onError);
        resolve((server.address() as AddressInfo).port);
      });
    });

  return {
    async listen(host, port) {
      if (isWildcardHost(host)) {
        // `::` accepts IPv4 too (dual stack); hosts without IPv6 fall back to IPv4 only
        return bind('::', port).catch(() => bind('0.0.0.0', port));
      }
      return bind(host, port);
    },
    async close(graceMs) {
      guard.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.close();
      const force = setTimeout(() => sessions.forEach((s) => s.destroy()), graceMs);
      await closed;
      clearTimeout(force);
    },
    bufferedBytes: () => guard.budget.used,
  };
}

function serveUnary(stream: http2.ServerHttp2Stream, ctx: StreamContext, call: (request: Buffer) => Promise<Buffer>) {
  let request: { compressed: boolean; bytes: Buffer } | undefined;
  let count = 0;
  let failed = false;
  // until its request is complete, a call that brings nothing new is cut
  const stall = ctx.guard.watchStall(() => {
    ctx.reader.discard();
    stream.close(http2.constants.NGHTTP2_CANCEL);
  });
  stream.once('close', () => stall.done());
  const fail = (err: unknown) => {
    failed = true;
    stall.done();
    ctx.reader.discard();
    failWith(stream, err);
  };
  stream.on('data', (chunk: Buffer) => {
    if (failed) return; // the rest of a refused message is read and dropped
    stall.progress();
    try {
      ctx.reader.push(chunk, (compressed, bytes) => {
        request ??= { compressed, bytes };
        count++;
      });
    } catch (err) {
      fail(err);
    }
  });
  stream.on('end', () => {
    stall.done();
    if (failed) return;
    if (count !== 1 || ctx.reader.partial) {
      failStream(stream, GrpcStatus.INTERNAL, `a unary call carries one message, got ${count}`);
      return;
    }
    const answer = (bytes: Buffer) =>
      call(bytes).then(
        (reply) => {
          if (stream.destroyed || stream.closed) return; // cancelled meanwhile
          stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
          stream.once('wantTrailers', () => stream.sendTrailers(OK_TRAILERS));
          stream.end(frameMessage(reply));
        },
        (err: unknown) => failWith(stream, err),
      );
    const { compressed, bytes } = request!;
    if (!compressed) return void answer(bytes);
    new OrderedMessages(ctx.encoding, ctx.maxBytes, (inflated) => void answer(inflated), fail).add(true, bytes);
  });
}

/** How long a bi-stream the client half-closed waits for its GOAWAY before ending with status OK. */
const HALF_CLOSE_GRACE_MS = 1000;

function serveBiStream(stream: http2.ServerHttp2Stream, ctx: StreamContext, open: (s: GrpcBiStream) => void) {
  stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
  stream.once('wantTrailers', () => stream.sendTrailers(OK_TRAILERS));
  let onMessage: (bytes: Buffer) => void = () => undefined;
  let onClose: () => void = () => undefined;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    onClose();
  };
  stream.on('close', close);
  stream.on('aborted', close);
  // a message that stops arriving midway is cut, with the stream (and the connection bound to it)
  let stall: ReturnType<GrpcSessionGuard['watchStall']> | undefined;
  const settled = () => {
    stall?.done();
    stall = undefined;
  };
  stream.once('close', settled);
  // a broken or oversized message ends the stream, as it would with any gRPC server
  const fail = (err: unknown) => {
    settled();
    ctx.reader.discard();
    const exhausted = err instanceof GrpcFrameError && err.status === GrpcStatus.RESOURCE_EXHAUSTED;
    // clients read ENHANCE_YOUR_CALM as RESOURCE_EXHAUSTED
    stream.close(exhausted ? http2.constants.NGHTTP2_ENHANCE_YOUR_CALM : http2.constants.NGHTTP2_PROTOCOL_ERROR);
  };
  const messages = new OrderedMessages(ctx.encoding, ctx.maxBytes, (bytes) => onMessage(bytes), fail);
  stream.on('data', (chunk: Buffer) => {
    if (closed) return;
    try {
      ctx.reader.push(chunk, messages.add);
    } catch (err) {
      return fail(err);
    }
    if (!ctx.reader.partial) return settled();
    stall ??= ctx.guard.watchStall(() => {
      ctx.reader.discard();
      stream.close(http2.constants.NGHTTP2_CANCEL);
    });
    stall.progress();
  });
  const end = () => {
    ctx.release(); // a stream the server has ended keeps its connection alive no more
    if (!stream.destroyed && !stream.writableEnded) stream.end();
  };
  // The client half-closing its side ends the stream from ours too, but not at once: a nacos client does it
  // as it shuts down, then sends GOAWAY and has already closed the call on its side, so status trailers
  // would reach a closed stream (grpc-java logs "Received trailers on closed stream"). After its GOAWAY
  // the stream is reset without trailers, as a call the client cancelled; else it ends after a grace.
  stream.on('end', () => {
    const ended = setTimeout(end, HALF_CLOSE_GRACE_MS);
    const leaving = () => {
      if (!stream.destroyed) stream.close(http2.constants.NGHTTP2_NO_ERROR);
    };
    stream.session?.once('goaway', leaving);
    stream.once('close', () => {
      clearTimeout(ended);
      stream.session?.off('goaway', leaving);
    });
  });
  open({
    write: (bytes) => {
      if (!stream.destroyed && !stream.writableEnded) stream.write(frameMessage(bytes));
    },
    end,
    onMessage: (listener) => (onMessage = listener),
    onClose: (listener) => (onClose = listener),
  });
}

function failWith(stream: http2.ServerHttp2Stream, err: unknown): void {
  if (err instanceof GrpcFrameError) failStream(stream, err.status, err.message);
  else failStream(stream, GrpcStatus.INTERNAL, err instanceof Error ? err.message : 'internal error');
}

/**
 * A trailers-only answer: the status in the one HEADERS frame, as gRPC servers answer a failed call. A
 * client still sending is then told to stop (RST_STREAM NO_ERROR, sent after the answer).
 */
function failStream(stream: http2.ServerHttp2Stream, status: number, message: string): void {
  if (stream.destroyed || stream.closed || stream.headersSent) {
    stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    return;
  }
  stream.respond(
    { ...RESPONSE_HEADERS, 'grpc-status': String(status), 'grpc-message': encodeURIComponent(message) },
    { endStream: true },
  );
  if (!stream.readableEnded) stream.close(http2.constants.NGHTTP2_NO_ERROR);
}
