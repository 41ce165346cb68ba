import type { SettingDef, SettingReader } from './settings-reader.js';

/** The service registry: instance expiry, UDP push to 1.x clients, fuzzy-watch bounds. */
export interface NamingSettings {
  /** Silence after which an ephemeral HTTP instance turns unhealthy (ms). */
  namingHealthTimeoutMs: number;
  /** Silence after which an ephemeral HTTP instance is removed (ms). */
  namingInstanceTimeoutMs: number;
  /** Push instance changes over UDP to 1.x clients that poll with `udpPort`. */
  namingUdpPush: boolean;
  /** Fuzzy watch (nacos-client 3.x): distinct patterns at once, and keys one pattern follows (per kind). */
  fuzzyWatchMaxPatterns: number;
  fuzzyWatchMaxMatched: number;
  /** Metadata edited on an ephemeral instance comes back when it registers again, also after a restart. */
  namingInstanceMetadataPersistence: boolean;
}

export const NAMING_SETTING_DEFS: SettingDef[] = [
  {
    env: 'RNACOS_NAMING_HEALTH_TIMEOUT_SECOND',
    describe: 'seconds without a heartbeat before an ephemeral HTTP instance is unhealthy',
    defaultText: '15',
  },
  {
    env: 'RNACOS_NAMING_INSTANCE_TIMEOUT_SECOND',
    describe: 'seconds without a heartbeat before an ephemeral HTTP instance is removed',
    defaultText: '30',
  },
  {
    env: 'RNACOS_FUZZY_WATCH_MAX_PATTERN_COUNT',
    describe: 'fuzzy-watch patterns watched at once, for configs and for services each',
    defaultText: '20',
  },
  {
    env: 'RNACOS_FUZZY_WATCH_MAX_MATCH_COUNT',
    describe: 'configs or services one fuzzy-watch pattern follows',
    defaultText: '500',
  },
  {
    env: 'RNACOS_NAMING_UDP_PUSH',
    describe: 'push instance changes over UDP to 1.x clients (true or false)',
    defaultText: 'true',
  },
  {
    env: 'RNACOS_NAMING_INSTANCE_METADATA_PERSISTENCE_ENABLE',
    describe:
      'store metadata edited on an ephemeral instance (console, maintain API) and give it back when the instance registers again',
    defaultText: 'true',
  },
];

export function loadNamingSettings(read: SettingReader): NamingSettings {
  const healthS = read.whole('RNACOS_NAMING_HEALTH_TIMEOUT_SECOND', 15, 1, 86_400);
  // unset, the removal waits at least as long as the health timeout set
  const instanceS = read.whole('RNACOS_NAMING_INSTANCE_TIMEOUT_SECOND', Math.max(30, healthS), 1, 86_400);
  if (instanceS < healthS) {
    read.fail(
      `RNACOS_NAMING_INSTANCE_TIMEOUT_SECOND (${instanceS}) must not be less than RNACOS_NAMING_HEALTH_TIMEOUT_SECOND (${healthS})`,
    );
  }
  return {
    namingHealthTimeoutMs: healthS * 1000,
    namingInstanceTimeoutMs: instanceS * 1000,
    namingUdpPush: read.bool('RNACOS_NAMING_UDP_PUSH', true),
    fuzzyWatchMaxPatterns: read.whole('RNACOS_FUZZY_WATCH_MAX_PATTERN_COUNT', 20, 1, 100_000),
    fuzzyWatchMaxMatched: read.whole('RNACOS_FUZZY_WATCH_MAX_MATCH_COUNT', 500, 1, 10_000_000),
    namingInstanceMetadataPersistence: read.bool('RNACOS_NAMING_INSTANCE_METADATA_PERSISTENCE_ENABLE', true),
  };
}
