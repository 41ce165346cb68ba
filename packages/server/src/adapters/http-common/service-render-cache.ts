import type { ServiceInfo, ServiceKey } from '../../core/naming/naming-model.js';

interface Rendering<V> {
  info: ServiceInfo;
  variant: number;
  /** Undefined for an answer asked for once: a placeholder that holds its place in the budget. */
  value: V | undefined;
  size: number;
}

/**
 * Renderings of service answers (one per ServiceInfo, which is fixed for a service revision), kept while
 * they fit in a byte budget: the services polled least recently lose theirs first and are rendered again
 * on their next poll. Kept per service, so a new revision's rendering replaces the old ones at once rather
 * than leaving them to age out.
 *
 * A rendering is kept from the second time its answer is asked for while the first is still within the
 * budget; the first leaves only a placeholder counted at the rendering's size. So the budget holds the
 * answers that are asked for again before they would be pushed out, which are the ones worth keeping. A
 * service polled once, or less often than the budget turns over, leaves its bodies to die young: kept,
 * they would be promoted to the old generation and thrown away there, growing the heap for nothing.
 */
export class ServiceRenderCache<V> {
  private readonly byService = new Map<ServiceKey, Rendering<V>[]>();
  /** Bytes of the renderings and placeholders in the budget. */
  private counted = 0;
  /** Bytes of the renderings actually held. */
  private held = 0;

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

  /** Whether `set` would keep a rendering of this answer now (it was asked for before), not a placeholder. */
  keeps(info: ServiceInfo, variant: number): boolean {
    return (
      info.exists && (this.byService.get(info.key)?.some((r) => r.info === info && r.variant === variant) ?? false)
    );
  }

  /** Keeps `value` when this answer was asked for before (a placeholder is there), else a placeholder. */
  set(info: ServiceInfo, variant: number, value: V): void {
    // an unknown service's answer is cheap, and its key is the caller's, not the service's
    if (!info.exists) return;
    const size = this.sizeOf(value);
    if (size > this.budgetBytes) return;
    const renderings = this.byService.get(info.key) ?? [];
    const askedBefore = renderings.some((r) => r.info === info && r.variant === variant);
    // other answers of this revision stay (other clusters asked for); older revisions' go
    const kept = renderings.filter((r) => {
      const keep = r.info.lastRefTime >= info.lastRefTime && !(r.info === info && r.variant === variant);
      if (!keep) this.uncount(r);
      return keep;
    });
    const rendering = { info, variant, value: askedBefore ? value : undefined, size };
    kept.push(rendering);
    this.count(rendering);
    this.byService.delete(info.key);
    this.byService.set(info.key, kept);
    for (const [key, oldest] of this.byService) {
      if (this.counted <= this.budgetBytes) break;
      this.byService.delete(key);
      for (const r of oldest) this.uncount(r);
    }
  }

  /** Bytes of renderings held (for tests and metrics); placeholders hold none. */
  get size(): number {
    return this.held;
  }

  private count(r: Rendering<V>): void {
    this.counted += r.size;
    if (r.value !== undefined) this.held += r.size;
  }

  private uncount(r: Rendering<V>): void {
    this.counted -= r.size;
    if (r.value !== undefined) this.held -= r.size;
  }
}
