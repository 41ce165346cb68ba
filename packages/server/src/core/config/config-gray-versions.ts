import { configKeyString } from './config-key.js';
import { grayPriority, matchingGray, type ConfigGray, type GrayClient } from './config-gray.js';

/**
 * The gray versions held in memory, by config key, each key's sorted by priority (beta first). Most
 * servers hold none: `size` is 0 then, and a read checks that one number before anything else.
 */
export class GrayVersions {
  private readonly byKey = new Map<string, ConfigGray[]>();

  get size(): number {
    return this.byKey.size;
  }

  /** The gray version a client reads for a config key, if one's rule matches it. */
  matching(keyString: string, client: GrayClient): ConfigGray | undefined {
    if (this.byKey.size === 0) return undefined;
    const grays = this.byKey.get(keyString);
    return grays && matchingGray(grays, client);
  }

  of(keyString: string): readonly ConfigGray[] {
    return this.byKey.get(keyString) ?? [];
  }

  has(keyString: string): boolean {
    return this.byKey.has(keyString);
  }

  /** Installs a version (replacing the one of that name); answers whether its content or rule changed. */
  put(gray: ConfigGray): boolean {
    const keyString = configKeyString(gray.item);
    const others = this.of(keyString).filter((g) => g.grayName !== gray.grayName);
    const old = this.of(keyString).find((g) => g.grayName === gray.grayName);
    const next = [...others, gray].sort((a, b) => grayPriority(b.rule) - grayPriority(a.rule));
    this.byKey.set(keyString, next);
    return !old || old.item.md5 !== gray.item.md5 || JSON.stringify(old.rule) !== JSON.stringify(gray.rule);
  }

  /** Drops one version; answers whether there was one. */
  delete(keyString: string, grayName: string): boolean {
    const grays = this.of(keyString);
    const kept = grays.filter((g) => g.grayName !== grayName);
    if (kept.length === grays.length) return false;
    if (kept.length === 0) this.byKey.delete(keyString);
    else this.byKey.set(keyString, kept);
    return true;
  }

  /** Replaces a key's versions with the stored ones; answers whether anything changed. */
  replace(keyString: string, stored: ConfigGray[]): boolean {
    let changed = false;
    for (const gray of this.of(keyString)) {
      if (!stored.some((s) => s.grayName === gray.grayName)) changed = this.delete(keyString, gray.grayName) || changed;
    }
    for (const gray of stored) changed = this.put(gray) || changed;
    return changed;
  }

  all(): IterableIterator<ConfigGray[]> {
    return this.byKey.values();
  }
}
