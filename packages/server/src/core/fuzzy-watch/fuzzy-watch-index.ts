import { fuzzyMatches, parseFuzzyPattern, type FuzzyPattern } from './fuzzy-pattern.js';

/** A watchable resource (a config or a service) and the key clients know it by. */
export interface FuzzyResource {
  namespace: string;
  group: string;
  name: string;
  key: string;
}

export interface FuzzyWatchLimits {
  /** Distinct patterns watched at once (nacos: 20). */
  maxPatterns: number;
  /** Keys one pattern follows; past it new matches are not told (nacos: 500). */
  maxMatched: number;
}

/** nacos `ErrorCode` values the 3.x clients react to. */
export const FUZZY_PATTERN_OVER_LIMIT = { code: 50310, message: 'fuzzy watch pattern over limit' } as const;
export const FUZZY_MATCH_COUNT_OVER_LIMIT = {
  code: 50311,
  message: 'fuzzy watch pattern matched count over limit',
} as const;

export class FuzzyWatchRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

interface WatchedPattern {
  pattern: FuzzyPattern;
  watchers: Set<string>;
  /** Keys matched now, at most `maxMatched`. */
  matched: Set<string>;
}

/**
 * Who fuzzy-watches which pattern and which keys each pattern matches, for one kind of resource. A
 * pattern's matched keys are found once, when it is first watched, and kept up to date from the changes
 * told here; a pattern nobody watches any more is forgotten.
 */
export class FuzzyWatchIndex {
  private readonly patterns = new Map<string, WatchedPattern>();

  constructor(
    private readonly limits: FuzzyWatchLimits,
    /** Every resource of a namespace (as patterns spell it), to match a new pattern against. */
    private readonly resourcesOf: (namespace: string) => Iterable<FuzzyResource>,
  ) {}

  /**
   * Adds a watcher of a pattern; returns the keys the pattern matches now and whether it matches more than
   * the limit lets it follow. Throws `FuzzyWatchRefusal` when a new pattern would pass the pattern limit.
   */
  watch(patternText: string, watcherId: string): { matched: ReadonlySet<string>; overLimit: boolean } {
    let watched = this.patterns.get(patternText);
    if (!watched) {
      const pattern = parseFuzzyPattern(patternText);
      if (this.patterns.size >= this.limits.maxPatterns) {
        throw new FuzzyWatchRefusal(FUZZY_PATTERN_OVER_LIMIT.code, FUZZY_PATTERN_OVER_LIMIT.message);
      }
      watched = { pattern, watchers: new Set(), matched: this.match(pattern) };
      this.patterns.set(patternText, watched);
    }
    watched.watchers.add(watcherId);
    return { matched: watched.matched, overLimit: watched.matched.size >= this.limits.maxMatched };
  }

  unwatch(patternText: string, watcherId: string): void {
    const watched = this.patterns.get(patternText);
    if (!watched) return;
    watched.watchers.delete(watcherId);
    if (watched.watchers.size === 0) this.patterns.delete(patternText);
  }

  removeWatcher(watcherId: string): void {
    for (const patternText of [...this.patterns.keys()]) this.unwatch(patternText, watcherId);
  }

  /**
   * A resource appeared (`exists`) or went away. Returns, per watcher, the patterns whose matched keys
   * changed: those watchers are told.
   */
  changed(resource: FuzzyResource, exists: boolean): Map<string, string[]> {
    const told = new Map<string, string[]>();
    for (const [patternText, watched] of this.patterns) {
      const { pattern, matched } = watched;
      if (!fuzzyMatches(pattern, resource.namespace, resource.group, resource.name)) continue;
      let changed = false;
      if (exists && !matched.has(resource.key) && matched.size < this.limits.maxMatched) {
        matched.add(resource.key);
        changed = true;
      } else if (!exists && matched.delete(resource.key)) {
        changed = true;
        // room again: a pattern that was full follows what it had to leave out
        if (matched.size === this.limits.maxMatched - 1) watched.matched = this.match(pattern);
      }
      if (!changed) continue;
      for (const watcher of watched.watchers) told.set(watcher, [...(told.get(watcher) ?? []), patternText]);
    }
    return told;
  }

  patternCount(): number {
    return this.patterns.size;
  }

  private match(pattern: FuzzyPattern): Set<string> {
    const matched = new Set<string>();
    for (const r of this.resourcesOf(pattern.namespace)) {
      if (matched.size >= this.limits.maxMatched) break;
      if (fuzzyMatches(pattern, r.namespace, r.group, r.name)) matched.add(r.key);
    }
    return matched;
  }
}
