import type { ConfigWatching } from '../../core/config/config-watch-hub.js';
import type { ListenerSource, ListeningClient } from '../../core/config/listener-query.js';
import type { ListenEntry } from './listening-configs.js';

/** Where a held request comes from (for the listener query). */
export interface PollClient {
  ip: string;
  port: number;
}

interface HeldPoll {
  client: PollClient;
  entries: ListenEntry[];
  respond: (changed: ListenEntry[]) => void;
  timer: NodeJS.Timeout;
  watcher: (keyString: string) => void;
}

/**
 * Held `/configs/listener` requests. Each one watches its keys in the config center, so a publish
 * answers exactly the requests watching that key, at once.
 */
export class LongPollRegistry implements ListenerSource {
  private readonly held = new Set<HeldPoll>();

  constructor(private readonly watching: ConfigWatching) {}

  /**
   * Holds until a watched key changes (answering with the changed entries) or `holdMs` passes (answering with
   * none). `changedNow` is re-evaluated on wake-up. Returns a cancel function for a client that went away.
   */
  hold(
    client: PollClient,
    entries: ListenEntry[],
    holdMs: number,
    changedNow: (entries: ListenEntry[]) => ListenEntry[],
    respond: (changed: ListenEntry[]) => void,
  ): () => void {
    const poll: HeldPoll = {
      client,
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

  /**
   * The held requests listening to a config key or coming from an IP, for the listener query. A client
   * shows while its request is held (nearly always: it polls again at once), as in nacos.
   */
  listeners(match: { keyString?: string; ip?: string }): ListeningClient[] {
    const found: ListeningClient[] = [];
    for (const { client, entries } of this.held) {
      if (match.ip !== undefined && match.ip !== client.ip) continue;
      const address = `${client.ip}:${client.port}`;
      for (const entry of entries) {
        if (match.keyString !== undefined && match.keyString !== entry.keyString) continue;
        found.push({ via: 'http', ip: client.ip, address, keyString: entry.keyString, md5: entry.md5 });
      }
    }
    return found;
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
