import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { UntrustedInputError, type UntrustedFailure } from './untrusted-error.js';

/** The worker side of `WorkerPool`: runs one named job at a time and posts its parts and its result. */

export interface JobInput {
  params: unknown;
  /** The document's bytes, in the order they arrived. */
  chunks: Uint8Array[];
}

/** A job may `emit` parts of its result as it goes: each reaches the main thread as its own message. */
export type Job = (input: JobInput, emit: (part: unknown) => void) => unknown;

export interface JobRequest extends JobInput {
  id: number;
  job: string;
  /** One Int32: how many parts the main thread has taken in (see `emitPaced`). */
  taken: SharedArrayBuffer;
}

/** Parts a job may have sent ahead of the main thread. */
const PARTS_AHEAD = 1;

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'part'; id: number; part: unknown }
  | { type: 'done'; id: number; result: unknown }
  | { type: 'refused'; id: number; failure: UntrustedFailure }
  | { type: 'failed'; id: number; message: string };

/** Call once from a worker's entry module with its table of jobs. */
export function serveJobs(jobs: Record<string, Job>): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs in a worker thread');
  // on Linux a thread has its own nice value: when the CPU is contended the event loop goes first
  if (process.platform === 'linux') setPriority(10);
  const post = (message: WorkerMessage) => port.postMessage(message);
  port.on('message', (request: JobRequest) => {
    void (async () => {
      const { id } = request;
      try {
        const job = jobs[request.job];
        if (!job) throw new Error(`no job named ${request.job}`);
        const result = await job(
          request,
          emitPaced(request, (part) => post({ type: 'part', id, part })),
        );
        post({ type: 'done', id, result });
      } catch (err) {
        if (err instanceof UntrustedInputError) post({ type: 'refused', id, failure: err.toFailure() });
        else post({ type: 'failed', id, message: err instanceof Error ? err.message : String(err) });
      }
    })();
  });
  post({ type: 'ready' });
}

/**
 * Sends parts no faster than the main thread takes them in: a port delivers every message that is waiting in
 * one turn of the receiving loop, so a job that ran ahead would stall the main thread for all of them at
 * once. The worker waits (Atomics.wait, allowed off the main thread) while more than PARTS_AHEAD parts are
 * not yet taken; the main thread counts each part it has handled.
 */
function emitPaced(request: JobRequest, post: (part: unknown) => void): (part: unknown) => void {
  const taken = new Int32Array(request.taken);
  let sent = 0;
  return (part) => {
    post(part);
    sent++;
    for (;;) {
      const seen = Atomics.load(taken, 0);
      if (sent - seen <= PARTS_AHEAD) return;
      Atomics.wait(taken, 0, seen, 1000);
    }
  };
}

/** The chunks as one array (zip readers need the central directory at the end). */
export function joined(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Groups a job's results into parts of about `maxBytes` (or `maxItems`): the main thread then copies in each
 * message's data in its own turn, a few milliseconds at most, instead of all of it at once at the end.
 */
export function batched<T>(emit: (part: unknown) => void, maxItems: number, maxBytes: number) {
  let items: T[] = [];
  let bytes = 0;
  const flush = () => {
    if (items.length > 0) emit(items);
    items = [];
    bytes = 0;
  };
  return {
    add(item: T, size: number): void {
      items.push(item);
      bytes += size;
      if (items.length >= maxItems || bytes >= maxBytes) flush();
    },
    flush,
  };
}
