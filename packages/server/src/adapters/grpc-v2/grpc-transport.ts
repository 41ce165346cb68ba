import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { isWildcardHost } from '../../shared/wildcard-host.js';
import { frameMessage, GrpcFrameError, GrpcMessageReader, GrpcStatus } from './grpc-frames.js';

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
}

const RESPONSE_HEADERS = { ':status': 200, 'content-type': 'application/grpc' };
const OK_TRAILERS = { 'grpc-status': '0' };

export function createGrpcTransport(methods: GrpcMethods, maxMessageBytes: number): GrpcTransport {
  const server = http2.createServer({
    // a session may hold a few messages of the largest size at once (in MB)
    maxSessionMemory: Math.max(10, Math.ceil((4 * maxMessageBytes) / 1048576)),
    settings: { initialWindowSize: 1 << 20 },
  });
  const sessions = new Set<http2.ServerHttp2Session>();

  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
    session.on('error', () => undefined);
    // the connection-wide window as large as the per-stream one: big configs arrive without stalls
    session.setLocalWindowSize(1 << 20);
  });
  server.on('sessionError', () => undefined);

  server.on('stream', (stream, headers) => {
    stream.on('error', () => undefined);
    const path = headers[':path'] ?? '';
    const socket = stream.session?.socket;
    const peer = `${socket?.remoteAddress ?? ''}:${socket?.remotePort ?? 0}`;
    const encoding = headers['grpc-encoding'] as string | undefined;
    const reader = new GrpcMessageReader(maxMessageBytes, encoding === 'identity' ? undefined : encoding);
    const unary = methods.unary[path];
    if (unary) return serveUnary(stream, reader, (request) => unary(request, peer));
    const bi = methods.biStream[path];
    if (bi) return serveBiStream(stream, reader, (s) => bi(s, peer));
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
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.close();
      const force = setTimeout(() => sessions.forEach((s) => s.destroy()), graceMs);
      await closed;
      clearTimeout(force);
    },
  };
}

function serveUnary(
  stream: http2.ServerHttp2Stream,
  reader: GrpcMessageReader,
  call: (request: Buffer) => Promise<Buffer>,
): void {
  let request: Buffer | undefined;
  let count = 0;
  let failed = false;
  stream.on('data', (chunk: Buffer) => {
    if (failed) return; // the rest of a refused message is read and dropped
    try {
      reader.push(chunk, (bytes) => {
        request = bytes;
        count++;
      });
    } catch (err) {
      failed = true;
      failWith(stream, err);
    }
  });
  stream.on('end', () => {
    if (failed) return;
    if (count !== 1 || reader.partial) {
      failStream(stream, GrpcStatus.INTERNAL, `a unary call carries one message, got ${count}`);
      return;
    }
    call(request!).then(
      (reply) => {
        if (stream.destroyed || stream.closed) return; // cancelled meanwhile
        stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
        stream.once('wantTrailers', () => stream.sendTrailers(OK_TRAILERS));
        stream.end(frameMessage(reply));
      },
      (err: unknown) => failWith(stream, err),
    );
  });
}

/** How long a bi-stream the client half-closed waits for its GOAWAY before ending with status OK. */
const HALF_CLOSE_GRACE_MS = 1000;

function serveBiStream(
  stream: http2.ServerHttp2Stream,
  reader: GrpcMessageReader,
  open: (s: GrpcBiStream) => void,
): void {
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
  stream.on('data', (chunk: Buffer) => {
    if (closed) return;
    try {
      reader.push(chunk, (bytes) => onMessage(bytes));
    } catch {
      // a broken or oversized message ends the stream, as it would with any gRPC server
      stream.close(http2.constants.NGHTTP2_PROTOCOL_ERROR);
    }
  });
  // The client half-closing its side ends the stream from ours too, but not at once: a nacos client does it
  // as it shuts down, then sends GOAWAY and has already closed the call on its side, so status trailers
  // would reach a closed stream (grpc-java logs "Received trailers on closed stream"). After its GOAWAY
  // the stream is reset without trailers, as a call the client cancelled; else it ends after a grace.
  stream.on('end', () => {
    const ended = setTimeout(() => {
      if (!stream.destroyed && !stream.writableEnded) stream.end();
    }, HALF_CLOSE_GRACE_MS);
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
    end: () => {
      if (!stream.destroyed && !stream.writableEnded) stream.end();
    },
    onMessage: (listener) => (onMessage = listener),
    onClose: (listener) => (onClose = listener),
  });
}

function failWith(stream: http2.ServerHttp2Stream, err: unknown): void {
  if (err instanceof GrpcFrameError) failStream(stream, err.status, err.message);
  else failStream(stream, GrpcStatus.INTERNAL, err instanceof Error ? err.message : 'internal error');
}

/** A trailers-only answer: the status in the one HEADERS frame, as gRPC servers answer a failed call. */
function failStream(stream: http2.ServerHttp2Stream, status: number, message: string): void {
  if (stream.destroyed || stream.closed || stream.headersSent) {
    stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    return;
  }
  stream.respond(
    { ...RESPONSE_HEADERS, 'grpc-status': String(status), 'grpc-message': encodeURIComponent(message) },
    { endStream: true },
  );
}
