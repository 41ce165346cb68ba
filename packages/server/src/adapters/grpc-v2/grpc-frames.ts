import { gunzip, inflate } from 'node:zlib';
import type { BufferBudget } from './buffer-budget.js';

/** gRPC status codes this door answers with. */
export const GrpcStatus = { OK: 0, INTERNAL: 13, RESOURCE_EXHAUSTED: 8, UNIMPLEMENTED: 12, UNAVAILABLE: 14 } as const;

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

export type OnFrame<T = unknown> = (this: T, compressed: boolean, bytes: Buffer) => void;

/**
 * Splits the DATA of one gRPC stream into messages, however HTTP/2 cut it: a message may span chunks (its
 * 5-byte prefix too) and a chunk may hold several. A message within one chunk is handed on without a copy;
 * one spread over chunks is collected and joined once, when its last byte arrives, so reading it costs
 * time linear in its size. Its bytes meanwhile count against `budget`. Throws GrpcFrameError
 * (RESOURCE_EXHAUSTED) for a message over `maxBytes` (told by its prefix, before its bytes arrive) or when
 * the budget is spent; the reader then holds nothing and ignores what follows.
 */
export class GrpcMessageReader {
  /** A prefix split over chunks is gathered here (allocated the first time one is). */
  private head: Buffer | undefined;
  private headBytes = 0;
  private compressed = false;
  /** Length of the message being read; -1 while its prefix is. */
  private length = -1;
  private parts: Buffer[] = [];
  private held = 0;
  private discarded = false;

  constructor(
    private readonly maxBytes: number,
    private readonly budget: BufferBudget,
  ) {}

  /** `onFrame` is called with `target` as `this`: a caller can pass a shared function, not a closure. */
  push<T>(chunk: Buffer, onFrame: OnFrame<T>, target?: T): void {
    let at = 0;
    while (at < chunk.length && !this.discarded) {
      if (this.length < 0) {
        if (this.headBytes === 0 && chunk.length - at >= 5) {
          this.begin(chunk[at] !== 0, chunk.readUInt32BE(at + 1));
          at += 5;
        } else {
          const n = Math.min(5 - this.headBytes, chunk.length - at);
          this.head ??= Buffer.alloc(5);
          chunk.copy(this.head, this.headBytes, at, at + n);
          this.headBytes += n;
          at += n;
          if (this.headBytes < 5) return;
          this.headBytes = 0;
          this.begin(this.head[0] !== 0, this.head.readUInt32BE(1));
        }
      }
      const n = Math.min(this.length - this.held, chunk.length - at);
      const piece = chunk.subarray(at, at + n);
      at += n;
      if (this.held === 0 && n === this.length) {
        this.length = -1;
        onFrame.call(target as T, this.compressed, piece);
        continue;
      }
      if (n === 0) return;
      if (!this.budget.take(n)) {
        this.discard();
        throw new GrpcFrameError(GrpcStatus.RESOURCE_EXHAUSTED, 'too many bytes of unfinished messages held');
      }
      this.parts.push(piece);
      this.held += n;
      if (this.held === this.length) {
        const whole = Buffer.concat(this.parts, this.held);
        this.budget.give(this.held);
        this.parts = [];
        this.held = 0;
        this.length = -1;
        onFrame.call(target as T, this.compressed, whole);
      }
    }
  }

  /** True when the stream is in the middle of a message (its prefix or its bytes). */
  get partial(): boolean {
    return this.length >= 0 || this.headBytes > 0;
  }

  /** Drops what is held and ignores anything pushed later. */
  discard(): void {
    if (this.discarded) return;
    this.discarded = true;
    this.budget.give(this.held);
    this.parts = [];
    this.held = 0;
  }

  private begin(compressed: boolean, length: number): void {
    if (length > this.maxBytes) {
      this.discard();
      throw new GrpcFrameError(
        GrpcStatus.RESOURCE_EXHAUSTED,
        `received message larger than max (${length} vs. ${this.maxBytes})`,
      );
    }
    this.compressed = compressed;
    this.length = length;
  }
}

/** Compressed messages waiting to be inflated beyond this are refused at once (RESOURCE_EXHAUSTED). */
const MAX_WAITING_INFLATIONS = 64;
let inflating: Promise<unknown> = Promise.resolve();
let waitingInflations = 0;

/**
 * Inflates a compressed message on the thread pool, stopping as soon as the output passes `maxBytes`
 * (a compression bomb costs at most that much, and is answered RESOURCE_EXHAUSTED). One message at a
 * time for the whole process: a burst of them cannot take every core from the event loop.
 */
export function inflateMessage(encoding: string | undefined, bytes: Buffer, maxBytes: number): Promise<Buffer> {
  if (waitingInflations >= MAX_WAITING_INFLATIONS) {
    return Promise.reject(new GrpcFrameError(GrpcStatus.RESOURCE_EXHAUSTED, 'too many compressed messages waiting'));
  }
  waitingInflations++;
  const turn = inflating.then(() => {
    waitingInflations--;
    return inflateNow(encoding, bytes, maxBytes);
  });
  inflating = turn.catch(() => undefined);
  return turn;
}

function inflateNow(encoding: string | undefined, bytes: Buffer, maxBytes: number): Promise<Buffer> {
  // no official SDK compresses by default; those that can use gzip or deflate
  const inflater = encoding === 'gzip' ? gunzip : encoding === 'deflate' ? inflate : undefined;
  if (!inflater) {
    const error = new GrpcFrameError(
      GrpcStatus.UNIMPLEMENTED,
      `compressed message with encoding ${encoding ?? 'none'}`,
    );
    return Promise.reject(error);
  }
  return new Promise((resolve, reject) =>
    // large output chunks: a few callbacks on the event loop per message instead of one per 16 KB
    inflater(bytes, { maxOutputLength: maxBytes, chunkSize: 256 * 1024 }, (err, out) => {
      if (!err) return resolve(out);
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        reject(new GrpcFrameError(GrpcStatus.RESOURCE_EXHAUSTED, `decompressed message larger than max (${maxBytes})`));
      } else {
        reject(new GrpcFrameError(GrpcStatus.INTERNAL, `could not decompress the message: ${err.message}`));
      }
    }),
  );
}

/**
 * Hands a stream's messages on in the order they came, inflating compressed ones off the main thread;
 * plain messages go on at once while nothing is being inflated. After a failure nothing more is handed on.
 */
export class OrderedMessages {
  private tail: Promise<void> | undefined;
  private failed = false;

  constructor(
    private readonly encoding: string | undefined,
    private readonly maxBytes: number,
    private readonly deliver: (bytes: Buffer) => void,
    private readonly fail: (err: unknown) => void,
  ) {}

  readonly add: OnFrame = (compressed, bytes) => {
    if (this.failed) return;
    if (!compressed && !this.tail) return this.deliver(bytes);
    const decoded = compressed ? inflateMessage(this.encoding, bytes, this.maxBytes) : Promise.resolve(bytes);
    decoded.catch(() => undefined); // its failure is handled in turn below
    const step = (this.tail ?? Promise.resolve()).then(async () => {
      if (this.failed) return;
      try {
        this.deliver(await decoded);
      } catch (err) {
        this.failed = true;
        this.fail(err);
      }
    });
    this.tail = step;
    void step.then(() => {
      if (this.tail === step) this.tail = undefined;
    });
  };
}
