import { histogramDelta, QUANTILES, summarize, type HistogramState, type SummaryPoint } from './latency-summary.js';

export type TimelineGroupName = 'LEAST' | 'MINUTE' | 'HOUR';

/** One snapshot of everything measured, with histograms and counters cumulative since start. */
export interface Sample {
  time: number;
  gauges: Record<string, number>;
  counters: Record<string, number>;
  histograms: Record<string, HistogramState>;
}

interface Point {
  time: number;
  /** Gauges as sampled and counters as the increase since the previous point. */
  values: Record<string, number>;
  summaries: Record<string, SummaryPoint>;
}

export interface SummaryTimeline {
  boundKeys: string[];
  bounds: number[];
  rpsData: number[];
  averageData: number[];
  countData: number[];
  itemsData: Record<string, number[]>;
}

export interface TimelineAnswer {
  lastTime: number;
  timeIndex: number[];
  intervalSecond: number;
  gaugeData: Record<string, number[]>;
  summeryData: Record<string, SummaryTimeline>;
}

/** Points wait at least their interval, less this slack for timer jitter. */
const JITTER_MS = 200;

/** A ring of points for one interval (every snapshot, each minute, each hour). */
export class TimelineGroup {
  private readonly points: Point[] = [];
  private previous: Sample;

  constructor(
    readonly name: TimelineGroupName,
    readonly intervalSeconds: number,
    private readonly capacity: number,
    start: Sample,
  ) {
    this.previous = start;
  }

  /** Records the sample if this group's interval has passed since its last point. */
  offer(sample: Sample): void {
    const elapsedMs = sample.time - this.previous.time;
    if (elapsedMs < this.intervalSeconds * 1000 - JITTER_MS) return;
    const values: Record<string, number> = { ...sample.gauges };
    for (const [name, total] of Object.entries(sample.counters))
      values[name] = Math.max(0, total - (this.previous.counters[name] ?? 0));
    const summaries: Record<string, SummaryPoint> = {};
    for (const [name, state] of Object.entries(sample.histograms)) {
      const before = this.previous.histograms[name];
      summaries[name] = summarize(before ? histogramDelta(state, before) : state, elapsedMs / 1000);
    }
    this.points.push({ time: sample.time, values, summaries });
    if (this.points.length > this.capacity) this.points.shift();
    this.previous = sample;
  }

  /** Points strictly after `startTime`, only for the asked keys; unknown keys are left out. */
  query(startTime: number, keys: string[]): TimelineAnswer {
    const points = this.points.filter((p) => p.time > startTime);
    const answer: TimelineAnswer = {
      lastTime: points.length > 0 ? points[points.length - 1].time : 0,
      timeIndex: points.map((p) => p.time),
      intervalSecond: this.intervalSeconds,
      gaugeData: {},
      summeryData: {},
    };
    if (points.length === 0) return answer;
    for (const key of keys) {
      if (key in points[0].values) answer.gaugeData[key] = points.map((p) => p.values[key] ?? 0);
      const summaryName = key.replace(/_summary$/, '');
      if (key.endsWith('_summary') && summaryName in points[0].summaries) {
        answer.summeryData[key] = summaryTimeline(points.map((p) => p.summaries[summaryName]));
      }
    }
    return answer;
  }
}

function summaryTimeline(points: SummaryPoint[]): SummaryTimeline {
  const boundKeys = QUANTILES.map(String);
  return {
    boundKeys,
    bounds: QUANTILES,
    rpsData: points.map((p) => p.rps),
    averageData: points.map((p) => p.average),
    countData: points.map((p) => p.count),
    itemsData: Object.fromEntries(boundKeys.map((k, i) => [k, points.map((p) => p.quantiles[i])])),
  };
}
