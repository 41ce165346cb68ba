import { gunzipSync, inflateSync } from 'node:zlib';

/** gRPC status codes this door answers with. */
export const GrpcStatus = { OK: 0, INTERNAL: 13, RESOURCE_EXHAUSTED: 8, UNIMPLEMENTED: 12 } as const;

export class GrpcFrameError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One message as gRPC sends it over HTTP/2: flag byte (compressed or not), 4-byte length, the bytes. */
export function frameMessage(bytes: Buffer): Buffer {
  const framed = Buffer.allocUnsafe(5 + bytes.length);
  framed[0] = 0;
  framed.writeUInt32BE(bytes.length, 1);
  bytes.copy(framed, 5);
  return framed;
}

/**
 * Splits the DATA of one gRPC stream into messages, however HTTP/2 cut it: a message may span chunks and
 * a chunk may hold several. Throws GrpcFrameError for a message over `maxBytes` (told before it is read)
 * or compressed with an encoding the client did not announce.
 */
export class GrpcMessageReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly encoding: string | undefined,
  ) {}

  push(chunk: Buffer, onMessage: (bytes: Buffer) => void): void {
    if (this.pendingBytes === 0 && chunk.length >= 5) {
      // the usual case: whole messages in one chunk, no copying
      let at = 0;
      while (chunk.length - at >= 5) {
        const length = this.lengthAt(chunk, at);
        if (chunk.length - at - 5 < length) break;
        onMessage(this.decode(chunk[at], chunk.subarray(at + 5, at + 5 + length)));
        at += 5 + length;
      }
      if (at === chunk.length) return;
      chunk = chunk.subarray(at);
    }
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.drain(onMessage);
  }

  /** True when the stream ended in the middle of a message. */
  get partial(): boolean {
    return this.pendingBytes > 0;
  }

  private drain(onMessage: (bytes: Buffer) => void): void {
    while (this.pendingBytes >= 5) {
      const head = this.pending.length === 1 ? this.pending[0] : this.join();
      const length = this.lengthAt(head, 0);
      if (this.pendingBytes - 5 < length) return;
      const all = this.join();
      onMessage(this.decode(all[0], all.subarray(5, 5 + length)));
      const rest = all.subarray(5 + length);
      this.pending = rest.length ? [rest] : [];
      this.pendingBytes = rest.length;
    }
  }

  private join(): Buffer {
    if (this.pending.length > 1) this.pending = [Buffer.concat(this.pending, this.pendingBytes)];
    return this.pending[0];
  }

  private lengthAt(buf: Buffer, at: number): number {
    const length = buf.readUInt32BE(at + 1);
    if (length > this.maxBytes) {
      throw new GrpcFrameError(
        GrpcStatus.RESOURCE_EXHAUSTED,
        `received message larger than max (${length} vs. ${this.maxBytes})`,
      );
    }
    return length;
  }

  private decode(flag: number, bytes: Buffer): Buffer {
    if (flag === 0) return bytes;
    // no official SDK compresses by default; those that can use gzip or deflate
    if (this.encoding === 'gzip') return gunzipSync(bytes, { maxOutputLength: this.maxBytes });
    if (this.encoding === 'deflate') return inflateSync(bytes, { maxOutputLength: this.maxBytes });
    throw new GrpcFrameError(GrpcStatus.UNIMPLEMENTED, `compressed message with encoding ${this.encoding ?? 'none'}`);
  }
}
