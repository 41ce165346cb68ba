import { afterAll, describe, expect, it } from 'vitest';
import { UntrustedInputError } from './untrusted-error.js';
import { WorkerPool, type WorkerPoolOptions } from './worker-pool.js';

const ENTRY = new URL('../../../test/fakes/pool-test-worker.ts', import.meta.url);
const pools: WorkerPool[] = [];
const poolOf = (options: Partial<WorkerPoolOptions> = {}) => {
  const pool = new WorkerPool({ entry: ENTRY, maxWorkers: 1, maxQueued: 1, heapMb: 64, idleMs: 5_000, ...options });
  pools.push(pool);
  return pool;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

interface Echo {
  params: unknown;
  threadId: number;
  bytes: number;
}
const echo = (pool: WorkerPool, chunks: Uint8Array[] = [], parts: unknown[] = []) =>
  pool.run<Echo>('echo', { hello: 'world' }, chunks, { deadlineMs: 10_000, onPart: (p) => parts.push(p) });

const refusal = async (work: Promise<unknown>) => {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UntrustedInputError);
  return err as UntrustedInputError;
};

describe('WorkerPool', () => {
  it('runs a job off the event loop: parts in order, then the result; owned buffers move without a copy', async () => {
    const pool = poolOf();
    const owned = new Uint8Array(1000);
    const pooled = Buffer.from('abc'); // a view into Buffer's shared pool: copied, not moved
    const parts: unknown[] = [];
    const result = await echo(pool, [owned, pooled], parts);
    expect(result).toMatchObject({ params: { hello: 'world' }, bytes: 1003 });
    expect(parts).toEqual([1000, 3]);
    expect(owned.byteLength).toBe(0);
    expect(pooled.toString()).toBe('abc');
    // the same worker serves the next job
    expect((await echo(pool)).threadId).toBe(result.threadId);
  });

  it('hands parts over no faster than the main thread takes them: the loop turns between them', async () => {
    const pool = poolOf();
    let turns = 0;
    let running = true;
    const tick = () => {
      turns++;
      if (running) setImmediate(tick);
    };
    tick();
    const turnOfPart: number[] = [];
    await pool.run('many', null, [], { deadlineMs: 10_000, onPart: () => turnOfPart.push(turns) });
    running = false;
    expect(turnOfPart).toHaveLength(40);
    // one part ahead is allowed: at most two parts in one turn of the loop
    const perTurn = new Map<number, number>();
    for (const turn of turnOfPart) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(2);
  });

  it('terminates a job past its deadline (413 naming the limit), keeps the loop free meanwhile; the next job runs', async () => {
    const pool = poolOf();
    const first = await echo(pool);
    const started = performance.now();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const err = await refusal(pool.run('spin', null, [], { deadlineMs: 600 }));
    clearInterval(timer);
    expect(err).toMatchObject({ kind: 'limit', limit: 'parse-time', status: 413 });
    expect(err.message).toBe('limit exceeded: parse time in ms (600)');
    expect(performance.now() - started).toBeLessThan(3_000);
    // the loop kept turning while the worker spun
    expect(ticks).toBeGreaterThanOrEqual(10);
    const next = await echo(pool);
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('refuses a job whose worker runs out of its heap (413) and starts a new worker', async () => {
    const pool = poolOf({ heapMb: 32 });
    const err = await refusal(pool.run('hog', null, [], { deadlineMs: 20_000 }));
    expect(err).toMatchObject({ kind: 'limit', limit: 'parse-heap', status: 413 });
    expect((await echo(pool)).bytes).toBe(0);
  });

  it('answers busy (429) when every worker is taken and the queue is full, then runs what waited', async () => {
    const pool = poolOf({ maxWorkers: 1, maxQueued: 1 });
    const spinning = refusal(pool.run('spin', null, [], { deadlineMs: 1_500 }));
    const waiting = echo(pool);
    const busy = await refusal(echo(pool));
    expect(busy).toMatchObject({ kind: 'busy', status: 429 });
    expect(busy.message).toMatch(/^the server is busy reading other uploads/);
    expect((await spinning).limit).toBe('parse-time');
    expect((await waiting).bytes).toBe(0);
  });

  it("passes a job's refusal on as it was thrown, and a crash as a plain error; the worker stays", async () => {
    const pool = poolOf();
    const first = await echo(pool);
    const refused = await refusal(pool.run('refuse', null, [], { deadlineMs: 5_000 }));
    expect(refused).toMatchObject({
      kind: 'limit',
      limit: 'test-limit',
      message: 'limit exceeded: a test limit (7) in here',
    });
    await expect(pool.run('crash', null, [], { deadlineMs: 5_000 })).rejects.toThrow('broken job');
    expect((await echo(pool)).threadId).toBe(first.threadId);
  });
});
