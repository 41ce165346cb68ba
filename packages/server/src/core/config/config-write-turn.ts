import { NacosError } from '../../shared/errors.js';
import type { KeyedLock, TurnLimit } from '../../shared/keyed-lock.js';

/**
 * A write of a config queued behind another write of the same config (a slow disk or database) gives up
 * after this long, unwritten, and is answered busy: its client hears in time instead of after it stopped
 * waiting (the SDKs wait 3-5 s), and may try again. Matches the database's own lock wait.
 */
export const CONFIG_WRITE_TURN: TurnLimit = {
  maxWaitMs: 2_000,
  busy: () =>
    new NacosError(
      'unavailable',
      'another write of this config is still being written: nothing was written, try again',
    ),
};

/** Runs writes of one config one at a time, each waiting at most `CONFIG_WRITE_TURN` for its turn. */
export interface ConfigWrites {
  run<T>(keyString: string, work: () => Promise<T>): Promise<T>;
}

export const configWrites = (lock: KeyedLock): ConfigWrites => ({
  run: (keyString, work) => lock.run(keyString, work, CONFIG_WRITE_TURN),
});
