import { Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../../shared/clock.js';
import { emptyHistogram, LATENCY_BOUNDS_MS, type HistogramState } from './latency-summary.js';
import { ProcessGauges } from './process-gauges.js';
import { TimelineGroup, type Sample, type TimelineAnswer, type TimelineGroupName } from './timeline.js';

/** Where a request came in. */
export type RequestDoor = 'http' | 'grpc';
const DOORS: RequestDoor[] = ['http', 'grpc'];

export interface MetricsOptions {
  clock: Clock;
  enabled: boolean;
  collectIntervalSeconds: number;
}

export interface TimelineQuery {
  group: TimelineGroupName;
  startTime: number;
  keys: string[];
}

/**
 * Request latencies, gauges of the registry's size and of the process, a timeline of snapshots for the
 * console (every collect interval, each minute, each hour) and the Prometheus text of the same numbers.
 */
export class MetricsService {
  readonly registry = new Registry();
  private readonly latency = new Map<RequestDoor, Histogram>();
  private readonly gauges = new Map<string, () => number>();
  private readonly processGauges = new ProcessGauges();
  private readonly groups: Record<TimelineGroupName, TimelineGroup>;
  private timer: NodeJS.Timeout | undefined;
  /** Process figures of the latest snapshot, also what /metrics shows. */
  private lastProcess: Record<string, number> = {};

  constructor(private readonly options: MetricsOptions) {
    for (const door of DOORS) {
      this.latency.set(
        door,
        new Histogram({
          name: `${door}_request_handle_rt_histogram`,
          help: `${door === 'http' ? 'SDK HTTP' : 'gRPC'} request handling time in milliseconds`,
          buckets: LATENCY_BOUNDS_MS,
          registers: [this.registry],
        }),
      );
    }
    const start: Sample = { time: options.clock.now(), gauges: {}, counters: {}, histograms: {} };
    this.groups = {
      LEAST: new TimelineGroup('LEAST', options.collectIntervalSeconds, 180, start),
      MINUTE: new TimelineGroup('MINUTE', 60, 360, start),
      HOUR: new TimelineGroup('HOUR', 3600, 360, start),
    };
    for (const [name, help] of PROCESS_GAUGES) this.registerGauge(name, help, () => this.lastProcess[name] ?? 0);
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Called by each door when it has answered a request. */
  recordRequest(door: RequestDoor, durationMs: number): void {
    if (!this.options.enabled || !Number.isFinite(durationMs)) return;
    this.latency.get(door)!.observe(Math.max(0, durationMs));
  }

  /** A number other parts report (config count, listeners, services, connections), read at each snapshot. */
  addGauge(name: string, help: string, read: () => number): void {
    this.gauges.set(name, read);
    this.registerGauge(name, help, read);
  }

  /** Takes a snapshot into the timelines; the timer calls it every collect interval. */
  async collect(): Promise<void> {
    this.lastProcess = this.processGauges.read();
    const sample: Sample = {
      time: this.options.clock.now(),
      gauges: { ...this.lastProcess },
      counters: {},
      histograms: {},
    };
    for (const [name, read] of this.gauges) sample.gauges[name] = read();
    for (const door of DOORS) {
      const state = await this.histogramState(door);
      sample.histograms[`${door}_request_handle_rt`] = state;
      sample.counters[`${door}_request_total_count`] = state.count;
    }
    for (const group of Object.values(this.groups)) group.offer(sample);
  }

  timeline(query: TimelineQuery): TimelineAnswer {
    return this.groups[query.group].query(query.startTime, query.keys);
  }

  async prometheusText(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  start(): void {
    if (!this.options.enabled || this.timer) return;
    void this.collect();
    this.timer = setInterval(() => void this.collect(), this.options.collectIntervalSeconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private registerGauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** prom-client keeps cumulative buckets; the timeline wants counts per bucket. */
  private async histogramState(door: RequestDoor): Promise<HistogramState> {
    const state = emptyHistogram();
    const { values } = await this.latency.get(door)!.get();
    const cumulative: number[] = [];
    for (const v of values) {
      if (v.metricName?.endsWith('_bucket')) cumulative.push(v.value);
      else if (v.metricName?.endsWith('_sum')) state.sum = v.value;
      else if (v.metricName?.endsWith('_count')) state.count = v.value;
    }
    state.buckets = cumulative.map((n, i) => n - (i > 0 ? cumulative[i - 1] : 0));
    if (state.buckets.length !== LATENCY_BOUNDS_MS.length + 1) return emptyHistogram();
    return state;
  }
}

const PROCESS_GAUGES: Array<[string, string]> = [
  ['sys_total_memory', 'memory of the machine in MB'],
  ['app_rss_memory', 'resident memory of the process in MB'],
  ['app_vms_memory', 'virtual memory of the process in MB'],
  ['app_memory_usage', 'resident memory as a percentage of the machine'],
  ['app_cpu_usage', 'CPU use as a percentage of one core'],
];
