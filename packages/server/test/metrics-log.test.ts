import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSettings } from '../src/settings.js';
import { buildTestApp, type TestApp } from './helpers.js';

let app: TestApp | undefined;
afterEach(() => app?.dispose());

describe('RNACOS_METRICS_ENABLE_LOG', () => {
  it('logs a metrics summary every interval while the server runs, and stops on close', async () => {
    const lines: Array<{ msg: string; metrics?: Record<string, number> }> = [];
    const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => lines.push(JSON.parse(line)) });
    app = await buildTestApp({
      env: { RNACOS_METRICS_ENABLE_LOG: 'true', RNACOS_METRICS_LOG_INTERVAL_SECOND: '5', RNACOS_SDK_HOST: '127.0.0.1' },
      logger,
    });
    expect(app.metricsLog?.running).toBe(false);
    await app.listen();
    expect(app.metricsLog?.running).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5_300));
    const summaries = lines.filter((l) => l.msg === 'metrics summary');
    expect(summaries).toHaveLength(1);
    expect(summaries[0].metrics).toMatchObject({ naming_instance_size: 0, config_data_size: 0 });
    expect(summaries[0].metrics!.app_rss_memory).toBeGreaterThan(0);
    await app.close();
    expect(app.metricsLog?.running).toBe(false);
  }, 15_000);

  it('is off by default; on, it takes snapshots at least as often as it logs (as r-nacos)', () => {
    expect(loadSettings({})).toMatchObject({ metricsLogIntervalSeconds: undefined, metricsCollectIntervalSeconds: 15 });
    expect(loadSettings({ RNACOS_METRICS_ENABLE_LOG: 'true', RNACOS_METRICS_LOG_INTERVAL_SECOND: '10' })).toMatchObject(
      { metricsLogIntervalSeconds: 10, metricsCollectIntervalSeconds: 10 },
    );
    expect(loadSettings({ RNACOS_METRICS_ENABLE_LOG: 'true' })).toMatchObject({
      metricsLogIntervalSeconds: 60,
      metricsCollectIntervalSeconds: 15,
    });
    expect(() => loadSettings({ RNACOS_METRICS_LOG_INTERVAL_SECOND: '1' })).toThrow(
      'RNACOS_METRICS_LOG_INTERVAL_SECOND must be between 5 and 86400',
    );
    expect(() => loadSettings({ RNACOS_METRICS_ENABLE_LOG: 'true', RNACOS_ENABLE_METRICS: 'false' })).toThrow(
      'RNACOS_METRICS_ENABLE_LOG needs RNACOS_ENABLE_METRICS',
    );
  });
});
