import type { SettingDef, SettingReader } from './settings-reader.js';

export interface MetricsSettings {
  enableMetrics: boolean;
  /** Seconds between snapshots; with the metrics log on, no more than its interval (as in r-nacos). */
  metricsCollectIntervalSeconds: number;
  /** Seconds between metrics summaries in the log; undefined: no summaries. */
  metricsLogIntervalSeconds: number | undefined;
}

/** Below this a summary line would flood the log (r-nacos raises shorter intervals to it). */
export const MIN_METRICS_LOG_INTERVAL = 5;

export const METRICS_SETTING_DEFS: SettingDef[] = [
  { env: 'RNACOS_ENABLE_METRICS', describe: 'collect the monitoring timeline and /metrics', defaultText: 'true' },
  {
    env: 'RNACOS_METRICS_COLLECT_INTERVAL_SECOND',
    describe: 'seconds between metric snapshots (the LEAST timeline)',
    defaultText: '15',
  },
  {
    env: 'RNACOS_METRICS_ENABLE_LOG',
    describe: 'write a summary of the metrics to the log every RNACOS_METRICS_LOG_INTERVAL_SECOND',
    defaultText: 'false',
  },
  {
    env: 'RNACOS_METRICS_LOG_INTERVAL_SECOND',
    describe: `seconds between metrics summaries in the log (at least ${MIN_METRICS_LOG_INTERVAL})`,
    defaultText: '60',
  },
];

export function loadMetricsSettings(read: SettingReader): MetricsSettings {
  const enableMetrics = read.bool('RNACOS_ENABLE_METRICS', true);
  const collect = read.whole('RNACOS_METRICS_COLLECT_INTERVAL_SECOND', 15, 1, 3_600);
  const logInterval = read.whole('RNACOS_METRICS_LOG_INTERVAL_SECOND', 60, MIN_METRICS_LOG_INTERVAL, 86_400);
  const logOn = read.bool('RNACOS_METRICS_ENABLE_LOG', false);
  if (logOn && !enableMetrics) read.fail('RNACOS_METRICS_ENABLE_LOG needs RNACOS_ENABLE_METRICS (it is false)');
  return {
    enableMetrics,
    // a summary shows the latest snapshot: one per summary at least
    metricsCollectIntervalSeconds: logOn ? Math.min(collect, logInterval) : collect,
    metricsLogIntervalSeconds: logOn ? logInterval : undefined,
  };
}
