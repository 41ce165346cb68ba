import type { SummarySeries, Timeline, TimelineGroup } from '../api/query-timeline.js';

/** How many points the server keeps per group; the chart keeps as many. */
export const RETENTION: Record<TimelineGroup, number> = { LEAST: 180, MINUTE: 360, HOUR: 360 };

type Series = (number | null)[];

function join(a: Series | undefined, aLen: number, b: Series | undefined, bLen: number, keep: number): Series {
  const left = a ?? new Array<null>(aLen).fill(null);
  const right = b ?? new Array<null>(bLen).fill(null);
  return [...left, ...right].slice(-keep);
}

function joinSummary(
  a: SummarySeries | undefined,
  aLen: number,
  b: SummarySeries | undefined,
  bLen: number,
  keep: number,
) {
  const keys = new Set([...Object.keys(a?.itemsData ?? {}), ...Object.keys(b?.itemsData ?? {})]);
  return {
    boundKeys: b?.boundKeys ?? a?.boundKeys ?? [],
    bounds: b?.bounds ?? a?.bounds ?? [],
    rpsData: join(a?.rpsData, aLen, b?.rpsData, bLen, keep),
    averageData: join(a?.averageData, aLen, b?.averageData, bLen, keep),
    countData: join(a?.countData, aLen, b?.countData, bLen, keep),
    itemsData: Object.fromEntries(
      [...keys].map((k) => [k, join(a?.itemsData?.[k], aLen, b?.itemsData?.[k], bLen, keep)]),
    ),
  } as SummarySeries;
}

/** Appends newer points to what is shown, keeping every series aligned with the time index. */
export function mergeTimeline(shown: Timeline | null, next: Timeline, keep: number): Timeline {
  const prev = shown ?? { ...next, timeIndex: [], gaugeData: {}, summeryData: {} };
  if (next.timeIndex.length === 0) return shown ?? prev;
  const aLen = prev.timeIndex.length;
  const bLen = next.timeIndex.length;
  const gaugeKeys = new Set([...Object.keys(prev.gaugeData), ...Object.keys(next.gaugeData)]);
  const summaryKeys = new Set([...Object.keys(prev.summeryData), ...Object.keys(next.summeryData)]);
  return {
    ...next,
    timeIndex: [...prev.timeIndex, ...next.timeIndex].slice(-keep),
    gaugeData: Object.fromEntries(
      [...gaugeKeys].map((k) => [k, join(prev.gaugeData[k], aLen, next.gaugeData[k], bLen, keep)]),
    ) as Timeline['gaugeData'],
    summeryData: Object.fromEntries(
      [...summaryKeys].map((k) => [k, joinSummary(prev.summeryData[k], aLen, next.summeryData[k], bLen, keep)]),
    ),
  };
}
