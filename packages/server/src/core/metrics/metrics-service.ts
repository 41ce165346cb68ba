import type { Clock } from '../../shared/clock.js';
import { EventLoopDelay } from './event-loop-delay.js';
import { emptyHistogram, LATENCY_BOUNDS_MS, type HistogramState } from './latency-summary.js';
import { ProcessGauges } from './process-gauges.js';
import { PROMETHEUS_CONTENT_TYPE, counterText, gaugeText, histogramText } from './prometheus-text.js';
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
 * Request latencies and server errors, gauges of the registry's size and of the process, counters other
 * parts keep (refused logins), a timeline of snapshots for the console (every collect interval, each minute,
 * each hour) and the Prometheus text of the same numbers.
 */
export class MetricsService {
  /** Per door: requests per latency bucket (the last bucket is above every bound), their sum and count. */
  private readonly latency: Record<RequestDoor, HistogramState> = { http: emptyHistogram(), grpc: emptyHistogram() };
  /** Per door: requests answered with a server error (HTTP 5xx; gRPC errorCode 500 or 503). */
  private readonly serverErrors: Record<RequestDoor, number> = { http: 0, grpc: 0 };
  /** Every gauge, in order, with its help text; the process ones read the latest snapshot. */
  private readonly gauges = new Map<string, { help: string; read: () => number }>();
  /** Counters kept elsewhere (only ever growing), read at the scrape. */
  private readonly counters = new Map<string, { help: string; read: () => number }>();
  private readonly processGauges = new ProcessGauges();
  private readonly loopDelay = new EventLoopDelay();
  private readonly groups: Record<TimelineGroupName, TimelineGroup>;
  private timer: NodeJS.Timeout | undefined;
  /** Process figures of the latest snapshot, also what /metrics shows. */
  private lastProcess: Record<string, number> = {};

  constructor(private readonly options: MetricsOptions) {
    const start: Sample = { time: options.clock.now(), gauges: {}, counters: {}, histograms: {} };
    this.groups = {
      LEAST: new TimelineGroup('LEAST', options.collectIntervalSeconds, 180, start),
      MINUTE: new TimelineGroup('MINUTE', 60, 360, start),
      HOUR: new TimelineGroup('HOUR', 3600, 360, start),
    };
    for (const [name, help] of PROCESS_GAUGES) this.gauges.set(name, { help, read: () => this.lastProcess[name] ?? 0 });
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Called by each door when it has answered a request. */
  recordRequest(door: RequestDoor, durationMs: number): void {
    if (!this.options.enabled || !Number.isFinite(durationMs)) return;
    const ms = Math.max(0, durationMs);
    const state = this.latency[door];
    let bucket = 0;
    while (bucket < LATENCY_BOUNDS_MS.length && ms > LATENCY_BOUNDS_MS[bucket]) bucket++;
    state.buckets[bucket]++;
    state.sum += ms;
    state.count++;
  }

  /** Called by a door when it answered a request with a server error (the door judges what is one). */
  recordServerError(door: RequestDoor): void {
    if (this.options.enabled) this.serverErrors[door]++;
  }

  /** A number other parts report (config count, listeners, services, connections), read at each snapshot. */
  addGauge(name: string, help: string, read: () => number): void {
    this.gauges.set(name, { help, read });
  }

  /** A count other parts keep that only grows (refused logins), read at the scrape; `name` ends in `_total`. */
  addCounter(name: string, help: string, read: () => number): void {
    this.counters.set(name, { help, read });
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
    for (const [name, { read }] of this.gauges) sample.gauges[name] = read();
    for (const door of DOORS) {
      const state = this.histogramState(door);
      sample.histograms[`${door}_request_handle_rt`] = state;
      sample.counters[`${door}_request_total_count`] = state.count;
    }
    for (const group of Object.values(this.groups)) group.offer(sample);
  }

  /**
   * Every figure now, by name: the gauges (process ones as of the latest snapshot), the counters, and per
   * door the requests answered, server errors and mean handling time since the start.
   */
  summary(): Record<string, number> {
    const figures: Record<string, number> = {};
    for (const [name, { read }] of this.gauges) figures[name] = read();
    for (const [name, { read }] of this.counters) figures[name] = read();
    for (const door of DOORS) {
      const { sum, count } = this.latency[door];
      figures[`${door}_request_total_count`] = count;
      figures[`${door}_request_server_error_total`] = this.serverErrors[door];
      figures[`${door}_request_handle_rt_avg_ms`] = count === 0 ? 0 : Math.round((sum / count) * 1000) / 1000;
    }
    return figures;
  }

  timeline(query: TimelineQuery): TimelineAnswer {
    return this.groups[query.group].query(query.startTime, query.keys);
  }

  async prometheusText(): Promise<{ contentType: string; body: string }> {
    let body = '';
    for (const door of DOORS) {
      const help = `${door === 'http' ? 'SDK HTTP' : 'gRPC'} request handling time in milliseconds`;
      body += histogramText(`${door}_request_handle_rt_histogram`, help, LATENCY_BOUNDS_MS, this.latency[door]);
    }
    body += counterText(
      'http_request_server_error_total',
      'SDK HTTP requests answered with a server error (status 5xx)',
      this.serverErrors.http,
    );
    body += counterText(
      'grpc_request_server_error_total',
      'gRPC requests answered with a server error (errorCode 500, or 503 while the store is out of reach)',
      this.serverErrors.grpc,
    );
    for (const [name, { help, read }] of this.counters) body += counterText(name, help, read());
    for (const [name, { help, read }] of this.gauges) body += gaugeText(name, help, read());
    const delay = this.loopDelay.take();
    body += gaugeText('app_event_loop_delay_p99_ms', 'event loop delay since the previous scrape, p99 (ms)', delay.p99);
    body += gaugeText('app_event_loop_delay_max_ms', 'event loop delay since the previous scrape, max (ms)', delay.max);
    return { contentType: PROMETHEUS_CONTENT_TYPE, body };
  }

  start(): void {
    if (!this.options.enabled || this.timer) return;
    this.loopDelay.start();
    void this.collect();
    this.timer = setInterval(() => void this.collect(), this.options.collectIntervalSeconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.loopDelay.stop();
  }

  private histogramState(door: RequestDoor): HistogramState {
    const { buckets, sum, count } = this.latency[door];
    return { buckets: [...buckets], sum, count };
  }
}

const PROCESS_GAUGES: Array<[string, string]> = [
  ['sys_total_memory', 'memory of the machine in MB'],
  ['app_rss_memory', 'resident memory of the process in MB'],
  ['app_vms_memory', 'virtual memory of the process in MB'],
  ['app_memory_limit', 'memory the process may use in MB: its cgroup limit (container), else the machine'],
  ['app_memory_usage', 'resident memory as a percentage of app_memory_limit'],
  ['app_cpu_usage', 'CPU use as a percentage of one core'],
];
