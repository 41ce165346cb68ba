import type { ConfigWatching } from '../../core/config/config-watch-hub.js';
import type { ListenEntry } from './listening-configs.js';

interface HeldPoll {
  entries: ListenEntry[];
  respond: (changed: ListenEntry[]) => void;
  timer: NodeJS.Timeout;
  watcher: (keyString: string) => void;
}

/**
 * Held `/configs/listener` requests. Each one watches its keys in the config center, so a publish
 * answers exactly the requests watching that key, at once.
 */
export class LongPollRegistry {
  private readonly held = new Set<HeldPoll>();

  constructor(private readonly watching: ConfigWatching) {}

  /**
   * Holds until a watched key changes (answering with the changed entries) or `holdMs` passes (answering with
   * none). `changedNow` is re-evaluated on wake-up. Returns a cancel function for a client that went away.
   */
  hold(
    entries: ListenEntry[],
    holdMs: number,
    changedNow: (entries: ListenEntry[]) => ListenEntry[],
    respond: (changed: ListenEntry[]) => void,
  ): () => void {
    const poll: HeldPoll = {
      entries,
      respond,
      timer: setTimeout(() => this.finish(poll, []), holdMs),
      // a change this client does not read (a gray version outside its rule) leaves it held
      watcher: () => {
        const changed = changedNow(entries);
        if (changed.length > 0) this.finish(poll, changed);
      },
    };
    this.held.add(poll);
    for (const entry of entries) this.watching.watch(entry.keyString, poll.watcher);
    return () => this.finish(poll, null);
  }

  /** Answers every held request with "no change" (shutdown). */
  releaseAll(): void {
    for (const poll of [...this.held]) this.finish(poll, []);
  }

  size(): number {
    return this.held.size;
  }

  private finish(poll: HeldPoll, changed: ListenEntry[] | null): void {
    if (!this.held.delete(poll)) return;
    clearTimeout(poll.timer);
    for (const entry of poll.entries) this.watching.unwatch(entry.keyString, poll.watcher);
    if (changed) poll.respond(changed);
  }
}
