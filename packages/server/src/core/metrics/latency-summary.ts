/** Latency bucket upper bounds in milliseconds (r-nacos' rt histogram bounds). */
export const LATENCY_BOUNDS_MS = [0.25, 0.5, 1, 3, 5, 10, 25, 50, 100, 300, 500];
export const QUANTILES = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1];

/** Cumulative state of one latency histogram: per-bucket counts (the last one is +Inf), sum, count. */
export interface HistogramState {
  buckets: number[];
  sum: number;
  count: number;
}

export const emptyHistogram = (): HistogramState => ({
  buckets: LATENCY_BOUNDS_MS.map(() => 0).concat(0),
  sum: 0,
  count: 0,
});

/** What happened between two states. */
export function histogramDelta(now: HistogramState, before: HistogramState): HistogramState {
  return {
    buckets: now.buckets.map((n, i) => Math.max(0, n - (before.buckets[i] ?? 0))),
    sum: Math.max(0, now.sum - before.sum),
    count: Math.max(0, now.count - before.count),
  };
}

/**
 * The latency at quantile q, interpolated linearly inside the bucket that holds it. The open last bucket
 * reports the largest bound.
 */
export function quantile(delta: HistogramState, q: number): number {
  if (delta.count === 0) return 0;
  const target = q * delta.count;
  let seen = 0;
  for (let i = 0; i < delta.buckets.length; i++) {
    const inBucket = delta.buckets[i];
    if (inBucket > 0 && seen + inBucket >= target) {
      const lower = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1];
      const upper = LATENCY_BOUNDS_MS[Math.min(i, LATENCY_BOUNDS_MS.length - 1)];
      return lower + ((upper - lower) * (target - seen)) / inBucket;
    }
    seen += inBucket;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1];
}

export interface SummaryPoint {
  rps: number;
  average: number;
  count: number;
  quantiles: number[];
}

export function summarize(delta: HistogramState, seconds: number): SummaryPoint {
  return {
    rps: seconds > 0 ? delta.count / seconds : 0,
    average: delta.count > 0 ? delta.sum / delta.count : 0,
    count: delta.count,
    quantiles: QUANTILES.map((q) => quantile(delta, q)),
  };
}
