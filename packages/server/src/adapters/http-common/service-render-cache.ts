import type { ServiceInfo, ServiceKey } from '../../core/naming/naming-model.js';

interface Rendering<V> {
  info: ServiceInfo;
  variant: number;
  value: V;
  size: number;
}

/**
 * Renderings of service answers (one per ServiceInfo, which is fixed for a service revision), kept while
 * they fit in a byte budget: the services polled least recently lose theirs first and are rendered again
 * on their next poll. Kept per service, so a new revision's rendering replaces the old ones at once rather
 * than leaving them to age out.
 */
export class ServiceRenderCache<V> {
  private readonly byService = new Map<ServiceKey, Rendering<V>[]>();
  private bytes = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The rendering of `info` in `variant` (a door's own distinction, such as the cache time it tells). */
  get(info: ServiceInfo, variant: number): V | undefined {
    const renderings = this.byService.get(info.key);
    const hit = renderings?.find((r) => r.info === info && r.variant === variant);
    if (!hit) return undefined;
    // most recently used last: the map's order is the eviction order
    this.byService.delete(info.key);
    this.byService.set(info.key, renderings!);
    return hit.value;
  }

  set(info: ServiceInfo, variant: number, value: V): void {
    // an unknown service's answer is cheap, and its key is the caller's, not the service's
    if (!info.exists) return;
    const size = this.sizeOf(value);
    if (size > this.budgetBytes) return;
    // other answers of this revision stay (other clusters asked for); older revisions' go
    const kept = (this.byService.get(info.key) ?? []).filter((r) => {
      const keep = r.info.lastRefTime >= info.lastRefTime && !(r.info === info && r.variant === variant);
      if (!keep) this.bytes -= r.size;
      return keep;
    });
    kept.push({ info, variant, value, size });
    this.bytes += size;
    this.byService.delete(info.key);
    this.byService.set(info.key, kept);
    for (const [key, renderings] of this.byService) {
      if (this.bytes <= this.budgetBytes) break;
      this.byService.delete(key);
      for (const r of renderings) this.bytes -= r.size;
    }
  }

  /** Bytes held (for tests and metrics). */
  get size(): number {
    return this.bytes;
  }
}
