import { UntrustedInputError } from '../../shared/untrusted/untrusted-error.js';
import { WorkerPool, type WorkerPoolOptions } from '../../shared/untrusted/worker-pool.js';

/**
 * Captcha pictures are drawn on a worker thread: anyone may ask for one, and at about 30 ms of CPU each, a
 * few dozen requests a second drawn on the event loop stalled every door. One worker (the other cores stay
 * with the server) and eight requests waiting, about a quarter of a second of drawing; more at once are
 * answered busy without waiting. The worker starts with the first captcha and ends after a minute idle.
 */
const BUSY = 'the server is busy drawing other captchas; try again shortly';

export const CAPTCHA_WORKERS: Omit<WorkerPoolOptions, 'entry'> = {
  maxWorkers: 1,
  maxQueued: 8,
  heapMb: 64,
  idleMs: 60_000,
  busyMessage: BUSY,
};

/** A picture takes tens of milliseconds: one still not drawn after this means the machine is overloaded. */
const DEADLINE_MS = 2_000;

export interface CaptchaJob {
  text: string;
}

let pool: WorkerPool | undefined;

/** The worker runs dist/captcha-worker.js next to the bundle's chunks, or the source through tsx. */
function captchaPool(): WorkerPool {
  pool ??= new WorkerPool({
    entry: new URL(import.meta.url.endsWith('.ts') ? './captcha-worker.ts' : './captcha-worker.js', import.meta.url),
    ...CAPTCHA_WORKERS,
  });
  return pool;
}

/** The PNG of `text`, drawn by the captcha worker; UntrustedInputError `busy` (429) when it has no room. */
export async function renderCaptchaInWorker(text: string): Promise<Buffer> {
  const job: CaptchaJob = { text };
  try {
    const png = await captchaPool().run<Uint8Array>('captcha-png', job, [], { deadlineMs: DEADLINE_MS });
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  } catch (err) {
    // past the deadline the worker was ended: the client may simply ask again
    if (err instanceof UntrustedInputError && err.kind === 'limit' && err.limit === 'parse-time') {
      throw new UntrustedInputError('busy', BUSY);
    }
    throw err;
  }
}
