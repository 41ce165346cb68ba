import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { isWildcardHost } from '../../shared/wildcard-host.js';
import { frameMessage, GrpcFrameError, GrpcMessageReader, GrpcStatus, OrderedMessages } from './grpc-frames.js';
import {
  failStream,
  OK_TRAILERS,
  RESPOND_OPTIONS,
  RESPONSE_HEADERS,
  serveUnary,
  type UnaryMethod,
} from './grpc-unary-call.js';
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
  /**
   * Ends the stream with status UNAVAILABLE, then closes the client's HTTP/2 connection: the server closed
   * the client's nacos connection, and every SDK must notice. nacos-sdk-python reconnects only when its
   * stream fails (a stream ended OK leaves it on a channel without a stream, whose health checks answer
   * 301, which it counts as healthy), and its channel would carry unary calls on after the stream alone.
   */
  abort(message: string): void;
  onMessage(listener: (bytes: Buffer) => void): void;
  /** Called once, however the stream ends (client end, cancel, lost connection, server end). */
  onClose(listener: () => void): void;
}

export interface GrpcMethods {
  /**
   * `peer` is `ip:port` of the client's connection, the same for all its calls and its streams. A unary
   * method answers with the framed reply, at once or later.
   */
  unary: Record<string, UnaryMethod>;
  biStream: Record<string, (stream: GrpcBiStream, peer: string) => void>;
}

export interface GrpcTransport {
  listen(host: string, port: number): Promise<number>;
  /** Asks every connection to go away (GOAWAY), then cuts those still open after `graceMs`. */
  close(graceMs: number): Promise<void>;
  /** Bytes of unfinished messages held right now (all connections). */
  bufferedBytes(): number;
  /** Cuts every connection at once (the server lets its clients go). */
  dropAll(): void;
}

/** Streams one connection may open at once; the SDKs use one bi-stream and a few calls in flight. */
const MAX_CONCURRENT_STREAMS = 1000;
const ignore = () => undefined;

interface StreamContext {
  reader: GrpcMessageReader;
  encoding: string | undefined;
  maxBytes: number;
  guard: GrpcSessionGuard;
  /** Uncounts the stream from its connection's live streams. */
  release: () => void;
}

/**
 * `admits`: whether a new connection is taken now; one that is not is cut at once (a cluster node that
 * cannot represent clients: an SDK then connects to another server of its list).
 */
export function createGrpcTransport(
  methods: GrpcMethods,
  limits: GrpcLimits,
  admits: () => boolean = () => true,
): GrpcTransport {
  const { maxMessageBytes } = limits;
  const server = http2.createServer({
    // a session may hold a few messages of the largest size at once (in MB)
    maxSessionMemory: Math.max(10, Math.ceil((4 * maxMessageBytes) / 1048576)),
    settings: { initialWindowSize: 1 << 20, maxConcurrentStreams: MAX_CONCURRENT_STREAMS },
  });
  const guard = new GrpcSessionGuard(limits);
  const sessions = new Set<http2.ServerHttp2Session>();

  server.on('session', (session) => {
    if (!admits()) {
      session.on('error', () => undefined);
      return session.destroy();
    }
    sessions.add(session);
    guard.add(session);
    session.on('close', () => sessions.delete(session));
    session.on('error', () => undefined);
    // the connection-wide window as large as the per-stream one: big configs arrive without stalls
    session.setLocalWindowSize(1 << 20);
  });
  server.on('sessionError', () => undefined);

  // the peer of each connection, worked out once (the session's socket is a proxy, slow to read)
  const peers = new WeakMap<http2.Http2Session, string>();
  const peerOf = (session: http2.Http2Session | undefined) => {
    if (!session) return ':0';
    let peer = peers.get(session);
    if (peer === undefined) {
      const socket = session.socket;
      peer = `${socket?.remoteAddress ?? ''}:${socket?.remotePort ?? 0}`;
      peers.set(session, peer);
    }
    return peer;
  };

  const unarySetup = { maxBytes: maxMessageBytes, guard };
  server.on('stream', (stream, headers) => {
    stream.on('error', ignore);
    const path = headers[':path'] ?? '';
    const session = stream.session;
    const peer = peerOf(session);
    const encoding = headers['grpc-encoding'] as string | undefined;
    const unary = methods.unary[path];
    if (unary) {
      const state = guard.stateOf(session);
      return serveUnary(stream, unarySetup, state, encoding === 'identity' ? undefined : encoding, unary, peer);
    }
    const bi = methods.biStream[path];
    if (!bi) return failStream(stream, GrpcStatus.UNIMPLEMENTED, `unknown method ${path}`);
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
    serveBiStream(stream, ctx, (s) => bi(s, peer));
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
    dropAll: () => sessions.forEach((s) => s.destroy()),
  };
}

/** How long a connection the server closed may finish its calls before it is cut. */
const ABORT_GRACE_MS = 2000;

/** How long a bi-stream the client half-closed waits for its GOAWAY before ending with status OK. */
const HALF_CLOSE_GRACE_MS = 1000;

function serveBiStream(stream: http2.ServerHttp2Stream, ctx: StreamContext, open: (s: GrpcBiStream) => void) {
  stream.respond(RESPONSE_HEADERS, RESPOND_OPTIONS);
  let trailers: http2.OutgoingHttpHeaders = OK_TRAILERS;
  stream.once('wantTrailers', () => stream.sendTrailers(trailers));
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
    abort: (message) => {
      if (closed) return; // the client ended it: its connection is its own business
      const session = stream.session;
      trailers = { 'grpc-status': String(GrpcStatus.UNAVAILABLE), 'grpc-message': encodeURIComponent(message) };
      end();
      if (!session || session.closed || session.destroyed) return;
      // after the trailers (GOAWAY): calls under way finish, new ones go to a new connection; the client's
      // own half of the stream stays open until it reacts, so the connection is cut after a grace
      setImmediate(() => session.close());
      setTimeout(() => session.destroy(), ABORT_GRACE_MS).unref();
    },
    onMessage: (listener) => (onMessage = listener),
    onClose: (listener) => (onClose = listener),
  });
}
