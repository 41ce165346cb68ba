import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { MetricsLog } from './metrics-log.js';
import { MetricsService } from './metrics-service.js';

afterEach(() => vi.useRealTimers());

describe('MetricsLog', () => {
  it('writes one summary each interval from start until stop, on a timer that never holds the process', () => {
    vi.useFakeTimers();
    const metrics = new MetricsService({ clock: new ManualClock(0), enabled: true, collectIntervalSeconds: 15 });
    let configs = 3;
    metrics.addGauge('config_data_size', 'configs', () => configs);
    metrics.recordRequest('http', 2);
    metrics.recordRequest('http', 4);
    const lines: Record<string, number>[] = [];
    const log = new MetricsLog({
      intervalSeconds: 5,
      summary: () => metrics.summary(),
      write: (figures) => lines.push(figures),
      failed: () => expect.fail('no failure expected'),
    });
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    log.start();
    expect(setInterval.mock.results[0].value.hasRef()).toBe(false);
    vi.advanceTimersByTime(4_999);
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(lines[0]).toMatchObject({
      config_data_size: 3,
      http_request_total_count: 2,
      http_request_handle_rt_avg_ms: 3,
      grpc_request_total_count: 0,
      http_request_server_error_total: 0,
    });
    configs = 4;
    vi.advanceTimersByTime(5_000);
    expect(lines.map((l) => l.config_data_size)).toEqual([3, 4]);
    log.stop();
    expect(log.running).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(2);
  });

  it('skips the line of a summary that fails and keeps going', () => {
    vi.useFakeTimers();
    let calls = 0;
    const lines: Record<string, number>[] = [];
    const failures: unknown[] = [];
    const log = new MetricsLog({
      intervalSeconds: 5,
      summary: () => {
        if (++calls === 1) throw new Error('gauge broke');
        return { x: calls };
      },
      write: (figures) => lines.push(figures),
      failed: (err) => failures.push(err),
    });
    log.start();
    vi.advanceTimersByTime(10_000);
    log.stop();
    expect(failures).toHaveLength(1);
    expect(lines).toEqual([{ x: 2 }]);
  });
});
