import { NacosError } from '../../shared/errors.js';

/** A write decided on this node's copy of an entry that another node has changed since: nothing was written. */
export class StaleEntry extends Error {
  constructor(readonly id: string) {
    super(`AI registry entry ${id} changed meanwhile`);
  }
}

/** Decisions retried on a fresh copy before the caller is told to try again (each retry re-reads one entry). */
const ATTEMPTS = 5;

/**
 * Runs a write decided on this node's copy of the registry. Another node may have changed the entry since
 * this node last heard of it; the store then writes nothing (`StaleEntry`), and the write is decided again
 * on the entry as stored, so that neither node's change is lost.
 */
export async function decideOnFreshCopy<R>(
  refresh: (id: string) => Promise<void>,
  write: () => Promise<R>,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!(err instanceof StaleEntry)) throw err;
      if (attempt >= ATTEMPTS)
        throw new NacosError('unavailable', 'the entry keeps changing through other nodes; try again');
      await refresh(err.id);
    }
  }
}
