import http2 from 'node:http2';
import { GrpcFrameError, GrpcMessageReader, GrpcStatus, OrderedMessages } from './grpc-frames.js';
import type { GrpcSessionGuard, SessionState, Watched } from './grpc-session-guard.js';

/** Answers one unary request: the framed reply (see encodeFramedPayload), at once or later. */
export type UnaryMethod = (request: Buffer, peer: string) => Buffer | Promise<Buffer>;

export const RESPONSE_HEADERS = { ':status': 200, 'content-type': 'application/grpc' };
export const OK_TRAILERS = { 'grpc-status': '0' };
/**
 * The options of `respond` with every key node:http2 reads. It copies them and adds `endStream`, and looks
 * up `sendDate`; with keys missing, those lookups and the store of the `date` header missed V8's inline
 * caches on every call (`--log-ic`). Given them all, and without a `date` header (gRPC has no use for one;
 * gRPC servers do not send it), a call costs 4-7 µs less CPU (bench/README.md).
 */
export const RESPOND_OPTIONS = { endStream: false, waitForTrailers: true, sendDate: false };
const FAIL_OPTIONS = { endStream: true, waitForTrailers: false, sendDate: false };

/** Where a stream keeps its call (a property of the stream: listeners are shared functions, not closures). */
const CALL = Symbol('grpcUnaryCall');
type UnaryStream = http2.ServerHttp2Stream & { [CALL]: UnaryCall };

/** What every unary call of a server shares. */
export interface UnaryCallSetup {
  maxBytes: number;
  guard: GrpcSessionGuard;
}

/**
 * One unary call on its HTTP/2 stream: collects its one message, hands it to the method, writes the
 * answer with status OK. Until its request is complete, a call that brings nothing new is cut. Every call
 * of the server passes here, so it is one object and shared listener functions: a call allocates no
 * closures (about 10 of them before, and the garbage they make was a good part of the CPU per call).
 */
class UnaryCall implements Watched {
  lastProgressAt = Date.now();
  private request: Buffer | undefined;
  private compressed = false;
  private count = 0;
  private failed = false;
  private watched = true;
  private readonly reader: GrpcMessageReader;

  constructor(
    private readonly stream: http2.ServerHttp2Stream,
    private readonly setup: UnaryCallSetup,
    /** The connection's state; undefined for a connection the guard no longer knows. */
    private readonly state: SessionState | undefined,
    private readonly encoding: string | undefined,
    private readonly method: UnaryMethod,
    private readonly peer: string,
  ) {
    this.reader = new GrpcMessageReader(setup.maxBytes, state?.budget ?? setup.guard.budget);
    if (state) setup.guard.streamStarted(state);
    setup.guard.watch(this);
  }

  cut(): void {
    this.watched = false; // the guard has let go of it
    this.reader.discard();
    this.stream.close(http2.constants.NGHTTP2_CANCEL);
  }

  data(chunk: Buffer): void {
    if (this.failed) return; // the rest of a refused message is read and dropped
    this.lastProgressAt = Date.now();
    try {
      this.reader.push(chunk, deliverFrame, this);
    } catch (err) {
      this.fail(err);
    }
  }

  /** One message of the call came in whole (see deliverFrame). */
  frame(compressed: boolean, bytes: Buffer): void {
    if (this.count++ === 0) {
      this.compressed = compressed;
      this.request = bytes;
    }
  }

  end(): void {
    this.unwatch();
    if (this.failed) return;
    if (this.count !== 1 || this.reader.partial) {
      failStream(this.stream, GrpcStatus.INTERNAL, `a unary call carries one message, got ${this.count}`);
      return;
    }
    if (!this.compressed) return this.answer(this.request!);
    const inflated = new OrderedMessages(
      this.encoding,
      this.setup.maxBytes,
      (bytes) => this.answer(bytes),
      (err) => this.fail(err),
    );
    inflated.add(true, this.request!);
  }

  closed(): void {
    this.unwatch();
    this.reader.discard();
    if (this.state) this.setup.guard.streamDone(this.state);
  }

  private answer(bytes: Buffer): void {
    let reply: Buffer | Promise<Buffer>;
    try {
      reply = this.method(bytes, this.peer);
    } catch (err) {
      return failWith(this.stream, err);
    }
    if (Buffer.isBuffer(reply)) return this.respond(reply);
    reply.then(
      (framed) => this.respond(framed),
      (err: unknown) => failWith(this.stream, err),
    );
  }

  private respond(framed: Buffer): void {
    const stream = this.stream;
    if (stream.destroyed || stream.closed) return; // cancelled meanwhile
    stream.respond(RESPONSE_HEADERS, RESPOND_OPTIONS);
    stream.on('wantTrailers', sendOkTrailers);
    stream.end(framed);
  }

  private fail(err: unknown): void {
    this.failed = true;
    this.unwatch();
    this.reader.discard();
    failWith(this.stream, err);
  }

  private unwatch(): void {
    if (!this.watched) return;
    this.watched = false;
    this.setup.guard.unwatch(this);
  }
}

function deliverFrame(this: UnaryCall, compressed: boolean, bytes: Buffer): void {
  this.frame(compressed, bytes);
}

function onData(this: UnaryStream, chunk: Buffer): void {
  this[CALL].data(chunk);
}

function onEnd(this: UnaryStream): void {
  this[CALL].end();
}

function onClose(this: UnaryStream): void {
  this[CALL].closed();
}

function sendOkTrailers(this: http2.ServerHttp2Stream): void {
  this.sendTrailers(OK_TRAILERS);
}

/** Serves a unary call on `stream` (its headers already read) on a connection the guard knows as `state`. */
export function serveUnary(
  stream: http2.ServerHttp2Stream,
  setup: UnaryCallSetup,
  state: SessionState | undefined,
  encoding: string | undefined,
  method: UnaryMethod,
  peer: string,
) {
  (stream as UnaryStream)[CALL] = new UnaryCall(stream, setup, state, encoding, method, peer);
  stream.on('data', onData);
  stream.on('end', onEnd);
  stream.on('close', onClose);
}

export function failWith(stream: http2.ServerHttp2Stream, err: unknown): void {
  if (err instanceof GrpcFrameError) failStream(stream, err.status, err.message);
  else failStream(stream, GrpcStatus.INTERNAL, err instanceof Error ? err.message : 'internal error');
}

/**
 * A trailers-only answer: the status in the one HEADERS frame, as gRPC servers answer a failed call. A
 * client still sending is then told to stop (RST_STREAM NO_ERROR, sent after the answer).
 */
export function failStream(stream: http2.ServerHttp2Stream, status: number, message: string): void {
  if (stream.destroyed || stream.closed || stream.headersSent) {
    stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    return;
  }
  stream.respond(
    {
      ':status': RESPONSE_HEADERS[':status'],
      'content-type': RESPONSE_HEADERS['content-type'],
      'grpc-status': String(status),
      'grpc-message': encodeURIComponent(message),
    },
    FAIL_OPTIONS,
  );
  if (!stream.readableEnded) stream.close(http2.constants.NGHTTP2_NO_ERROR);
}
