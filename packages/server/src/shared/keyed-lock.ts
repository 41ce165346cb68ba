/** How long work may wait for its turn, and what a caller whose turn did not come in time is told. */
export interface TurnLimit {
  maxWaitMs: number;
  busy: () => Error;
}

/** Runs async work one at a time per key (in call order), whatever the store underneath does. */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  /**
   * Runs `work` once the work queued before it on `key` is done. With `limit`, work whose turn has not come
   * within `maxWaitMs` is never run and the call fails with `busy()`: a caller behind a slow write answers
   * in time rather than after its client stopped waiting. Work queued later still waits for the earlier.
   */
  async run<T>(key: string, work: () => Promise<T>, limit?: TurnLimit): Promise<T> {
    const previous = this.tails.get(key);
    // decided once, synchronously, by whichever comes first: the turn or the deadline
    let state: 'waiting' | 'started' | 'gave-up' = 'waiting';
    const turn = () => {
      if (state === 'gave-up') return Promise.resolve(undefined as T);
      state = 'started';
      return work();
    };
    // a tail never rejects: it is the settled form of the work before
    const run = (previous ?? Promise.resolve()).then(turn);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, settled);
    void settled.then(() => {
      if (this.tails.get(key) === settled) this.tails.delete(key);
    });
    if (!previous || !limit) return run;
    const late = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        // work that already started is waited for like any other
        if (state !== 'waiting') return;
        state = 'gave-up';
        resolve(true);
      }, limit.maxWaitMs);
      void previous.then(() => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (late) throw limit.busy();
    return run;
  }
}
