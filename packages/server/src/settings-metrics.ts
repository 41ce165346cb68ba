import type { SettingDef, SettingReader } from './settings-reader.js';

export interface MetricsSettings {
  enableMetrics: boolean;
  metricsCollectIntervalSeconds: number;
}

export const METRICS_SETTING_DEFS: SettingDef[] = [
  { env: 'RNACOS_ENABLE_METRICS', describe: 'collect the monitoring timeline and /metrics', defaultText: 'true' },
  {
    env: 'RNACOS_METRICS_COLLECT_INTERVAL_SECOND',
    describe: 'seconds between metric snapshots (the LEAST timeline)',
    defaultText: '15',
  },
];

export function loadMetricsSettings(read: SettingReader): MetricsSettings {
  return {
    enableMetrics: read.bool('RNACOS_ENABLE_METRICS', true),
    metricsCollectIntervalSeconds: read.whole('RNACOS_METRICS_COLLECT_INTERVAL_SECOND', 15, 1, 3_600),
  };
}
