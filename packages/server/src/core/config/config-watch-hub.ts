/**
 * Who waits for which config. Long-poll requests and gRPC connections register here; a change wakes exactly
 * the watchers of that key, so a wake-up costs O(watchers of the key), not O(all watchers).
 */
export type ConfigWatcher = (keyString: string) => void;

/** Registering for wake-ups on config keys: what the long-poll and gRPC listeners need of the config center. */
export interface ConfigWatching {
  watch(keyString: string, watcher: ConfigWatcher): void;
  unwatch(keyString: string, watcher: ConfigWatcher): void;
}

export class ConfigWatchHub implements ConfigWatching {
  private readonly byKey = new Map<string, Set<ConfigWatcher>>();

  watch(keyString: string, watcher: ConfigWatcher): void {
    let set = this.byKey.get(keyString);
    if (!set) this.byKey.set(keyString, (set = new Set()));
    set.add(watcher);
  }

  unwatch(keyString: string, watcher: ConfigWatcher): void {
    const set = this.byKey.get(keyString);
    if (!set) return;
    set.delete(watcher);
    if (set.size === 0) this.byKey.delete(keyString);
  }

  notify(keyString: string): void {
    const set = this.byKey.get(keyString);
    if (!set) return;
    // Copy: a watcher usually unregisters itself while being called.
    for (const watcher of [...set]) watcher(keyString);
  }

  /** Number of (key, watcher) registrations. */
  size(): number {
    let n = 0;
    for (const set of this.byKey.values()) n += set.size;
    return n;
  }
}
