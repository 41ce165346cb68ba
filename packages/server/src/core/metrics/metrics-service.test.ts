import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { quantile } from './latency-summary.js';
import { MetricsService } from './metrics-service.js';

function setup() {
  const clock = new ManualClock(1_000_000);
  const metrics = new MetricsService({ clock, enabled: true, collectIntervalSeconds: 15 });
  let configs = 3;
  metrics.addGauge('config_data_size', 'configs', () => configs);
  return { clock, metrics, setConfigs: (n: number) => (configs = n) };
}

describe('MetricsService', () => {
  it('records a LEAST point per snapshot with gauges, counter deltas and latency summaries', async () => {
    const { clock, metrics, setConfigs } = setup();
    for (const ms of [0.2, 0.4, 2, 2, 4, 20, 20, 20, 200, 1000]) metrics.recordRequest('http', ms);
    clock.advance(15_000);
    await metrics.collect();
    setConfigs(5);
    metrics.recordRequest('http', 1);
    metrics.recordRequest('grpc', 7);
    clock.advance(15_000);
    await metrics.collect();

    const t = metrics.timeline({
      group: 'LEAST',
      startTime: 0,
      keys: [
        'config_data_size',
        'http_request_total_count',
        'http_request_handle_rt_summary',
        'grpc_request_handle_rt_summary',
        'app_rss_memory',
        'nonsense',
      ],
    });
    expect(t.timeIndex).toEqual([1_015_000, 1_030_000]);
    expect(t.lastTime).toBe(1_030_000);
    expect(t.intervalSecond).toBe(15);
    expect(t.gaugeData.config_data_size).toEqual([3, 5]);
    expect(t.gaugeData.http_request_total_count).toEqual([10, 1]);
    expect(t.gaugeData.app_rss_memory[0]).toBeGreaterThan(0);
    expect(t.gaugeData).not.toHaveProperty('nonsense');
    const http = t.summeryData.http_request_handle_rt_summary;
    expect(http.boundKeys).toEqual(['0.5', '0.6', '0.7', '0.8', '0.9', '0.95', '1']);
    expect(http.countData).toEqual([10, 1]);
    expect(http.rpsData[0]).toBeCloseTo(10 / 15);
    expect(http.averageData[0]).toBeCloseTo(1268.6 / 10);
    // Half of the requests took at most 5 ms; the slowest one is past the last bound.
    expect(http.itemsData['0.5'][0]).toBeLessThanOrEqual(5);
    expect(http.itemsData['0.5'][0]).toBeGreaterThan(3);
    expect(http.itemsData['1'][0]).toBe(500);
    expect(t.summeryData.grpc_request_handle_rt_summary.countData).toEqual([0, 1]);

    const later = metrics.timeline({ group: 'LEAST', startTime: 1_015_000, keys: ['config_data_size'] });
    expect(later.timeIndex).toEqual([1_030_000]);
  });

  it('counts server errors per door and serves them, and counters other parts keep, as Prometheus counters', async () => {
    const { metrics } = setup();
    let refused = 2;
    metrics.addCounter('login_refused_total', 'refused logins', () => refused);
    metrics.recordServerError('http');
    metrics.recordServerError('grpc');
    metrics.recordServerError('grpc');
    refused = 5;
    const text = (await metrics.prometheusText()).body;
    expect(text).toMatch(/^# TYPE http_request_server_error_total counter\nhttp_request_server_error_total 1$/m);
    expect(text).toMatch(/^# TYPE grpc_request_server_error_total counter\ngrpc_request_server_error_total 2$/m);
    expect(text).toMatch(/^# TYPE login_refused_total counter\nlogin_refused_total 5$/m);
  });

  it('counts nothing while disabled', async () => {
    const metrics = new MetricsService({ clock: new ManualClock(), enabled: false, collectIntervalSeconds: 15 });
    metrics.recordServerError('http');
    expect((await metrics.prometheusText()).body).toMatch(/^http_request_server_error_total 0$/m);
  });

  it('adds MINUTE and HOUR points only when their interval has passed', async () => {
    const { clock, metrics } = setup();
    for (let i = 0; i < 8; i++) {
      metrics.recordRequest('http', 1);
      clock.advance(15_000);
      await metrics.collect();
    }
    expect(metrics.timeline({ group: 'LEAST', startTime: 0, keys: [] }).timeIndex).toHaveLength(8);
    const minute = metrics.timeline({
      group: 'MINUTE',
      startTime: 0,
      keys: ['http_request_total_count', 'http_request_handle_rt_summary'],
    });
    expect(minute.timeIndex).toEqual([1_060_000, 1_120_000]);
    expect(minute.intervalSecond).toBe(60);
    expect(minute.gaugeData.http_request_total_count).toEqual([4, 4]);
    expect(minute.summeryData.http_request_handle_rt_summary.rpsData[0]).toBeCloseTo(4 / 60);
    const hour = metrics.timeline({ group: 'HOUR', startTime: 0, keys: ['http_request_total_count'] });
    expect(hour).toMatchObject({ timeIndex: [], lastTime: 0, gaugeData: {}, summeryData: {}, intervalSecond: 3600 });
  });

  it('keeps at most 180 LEAST points', async () => {
    const { clock, metrics } = setup();
    for (let i = 0; i < 200; i++) {
      clock.advance(15_000);
      await metrics.collect();
    }
    expect(metrics.timeline({ group: 'LEAST', startTime: 0, keys: [] }).timeIndex).toHaveLength(180);
  });

  it('renders the same numbers as Prometheus text', async () => {
    const { metrics } = setup();
    metrics.recordRequest('http', 2);
    metrics.recordRequest('http', 0.25); // on a bound: counted in that bucket (le is "less or equal")
    metrics.recordRequest('http', 900);
    await metrics.collect();
    const { contentType, body } = await metrics.prometheusText();
    expect(contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(body).toContain('# TYPE http_request_handle_rt_histogram histogram\n');
    // cumulative buckets
    expect(body).toContain('http_request_handle_rt_histogram_bucket{le="0.25"} 1\n');
    expect(body).toContain('http_request_handle_rt_histogram_bucket{le="3"} 2\n');
    expect(body).toContain('http_request_handle_rt_histogram_bucket{le="500"} 2\n');
    expect(body).toContain('http_request_handle_rt_histogram_bucket{le="+Inf"} 3\n');
    expect(body).toContain('http_request_handle_rt_histogram_sum 902.25\n');
    expect(body).toContain('http_request_handle_rt_histogram_count 3\n');
    expect(body).toContain('grpc_request_handle_rt_histogram_count 0\n');
    expect(body).toContain('# TYPE config_data_size gauge\n');
    expect(body).toContain('config_data_size 3');
    expect(body).toMatch(/app_rss_memory \d/);
  });

  it('records nothing when disabled', async () => {
    const clock = new ManualClock();
    const metrics = new MetricsService({ clock, enabled: false, collectIntervalSeconds: 15 });
    metrics.recordRequest('http', 1);
    clock.advance(15_000);
    await metrics.collect();
    expect(
      metrics.timeline({ group: 'LEAST', startTime: 0, keys: ['http_request_total_count'] }).gaugeData
        .http_request_total_count,
    ).toEqual([0]);
  });

  it('interpolates quantiles inside the bucket', () => {
    const buckets = [0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0]; // ten requests between 3 and 5 ms
    expect(quantile({ buckets, sum: 40, count: 10 }, 0.5)).toBeCloseTo(4);
    expect(quantile({ buckets, sum: 40, count: 10 }, 1)).toBeCloseTo(5);
  });

  it('shows in /metrics how long the event loop was held since the previous scrape', async () => {
    const { metrics } = setup();
    metrics.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 30)); // the monitor is sampling
      const until = performance.now() + 80;
      while (performance.now() < until); // a synchronous stall, as a blocking fsync would be
      await new Promise((resolve) => setTimeout(resolve, 30));
      const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
      const { body } = await metrics.prometheusText();
      expect(gauge(body, 'app_event_loop_delay_max_ms')).toBeGreaterThanOrEqual(60);
      expect(gauge(body, 'app_event_loop_delay_p99_ms')).toBeGreaterThan(0);
    } finally {
      metrics.stop();
    }
  });

  it('shows an idle event loop as close to no delay, not as the sampling interval of the monitor', async () => {
    const { metrics } = setup();
    metrics.start();
    try {
      // the timer between two samples is 10 ms: an idle loop must not read as 10 ms late (a busy test
      // machine may delay one window, so the best of three counts)
      const p99s: number[] = [];
      for (let window = 0; window < 3; window++) {
        await metrics.prometheusText(); // starts a window
        await new Promise((resolve) => setTimeout(resolve, 200));
        const { body } = await metrics.prometheusText();
        p99s.push(Number(/^app_event_loop_delay_p99_ms (\S+)$/m.exec(body)?.[1]));
      }
      expect(Math.min(...p99s)).toBeLessThan(5);
    } finally {
      metrics.stop();
    }
  });
});
