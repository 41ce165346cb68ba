import http2 from 'node:http2';

/** A gRPC call opened by hand over node:http2, so a test can send any bytes: half messages, bad prefixes. */
export interface RawCall {
  stream: http2.ClientHttp2Stream;
  /** Resolves when the stream closes, with the grpc-status the server sent (if any) and the RST_STREAM code. */
  closed: Promise<{ status: string | undefined; rstCode: number | undefined }>;
}

export const UNARY_PATH = '/Request/request';
export const BI_STREAM_PATH = '/BiRequestStream/requestBiStream';

export function rawCall(session: http2.ClientHttp2Session, path: string, headers: http2.OutgoingHttpHeaders = {}) {
  const stream = session.request({
    ':method': 'POST',
    ':path': path,
    'content-type': 'application/grpc',
    te: 'trailers',
    ...headers,
  });
  stream.on('error', () => undefined); // resets are read from rstCode
  let status: string | undefined;
  stream.on('response', (h) => (status = (h['grpc-status'] as string | undefined) ?? status));
  stream.on('trailers', (h) => (status = (h['grpc-status'] as string | undefined) ?? status));
  stream.resume();
  const closed = new Promise<{ status: string | undefined; rstCode: number | undefined }>((resolve) =>
    stream.on('close', () => resolve({ status, rstCode: stream.rstCode })),
  );
  return { stream, closed } satisfies RawCall;
}

/** The 5-byte gRPC prefix of a message of `length` bytes. */
export function messagePrefix(length: number, compressed = false): Buffer {
  const prefix = Buffer.alloc(5);
  prefix[0] = compressed ? 1 : 0;
  prefix.writeUInt32BE(length, 1);
  return prefix;
}

/** The first `sent` bytes of a message that declares `declared` bytes. */
export function unfinishedMessage(declared: number, sent: number): Buffer {
  return Buffer.concat([messagePrefix(declared), Buffer.alloc(sent)]);
}

export function connectH2(port: number): http2.ClientHttp2Session {
  const session = http2.connect(`http://127.0.0.1:${port}`);
  session.on('error', () => undefined);
  return session;
}
