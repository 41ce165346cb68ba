import type { LdapOptions } from './core/auth/ldap-options.js';
import type { OAuth2Settings } from './core/auth/oauth2-config.js';
import { loadOAuth2Settings, OAUTH2_SETTING_DEFS } from './oauth2-settings.js';
import { AUDIT_SETTING_DEFS, loadAuditSettings, type AuditSettings } from './settings-audit.js';
import { CLUSTER_SETTING_DEFS, loadClusterSettings, type ClusterSettings } from './settings-cluster.js';
import { CONSOLE_SETTING_DEFS, loadConsoleSettings, type ConsoleSettings } from './settings-console.js';
import { LDAP_SETTING_DEFS, ldapFilterProblem, loadLdapSettings } from './settings-ldap.js';
import { LOG_SETTING_DEFS, loadLogSettings, type LogSettings } from './settings-log.js';
import { MCP_SETTING_DEFS, loadMcpSettings, type McpSettings } from './settings-mcp.js';
import { METRICS_SETTING_DEFS, loadMetricsSettings, type MetricsSettings } from './settings-metrics.js';
import { NAMING_SETTING_DEFS, loadNamingSettings, type NamingSettings } from './settings-naming.js';
import { loadProbeIntervalMs, NAMING_PROBE_SETTING_DEFS } from './settings-naming-probe.js';
import { NETWORK_SETTING_DEFS, loadNetworkSettings, type NetworkSettings } from './settings-network.js';
import { settingReader, SettingsError, type SettingDef, type SettingSource } from './settings-reader.js';
import { STORAGE_SETTING_DEFS, loadStorageSettings, type StorageSettings } from './settings-storage.js';

export { SettingsError, type SettingDef } from './settings-reader.js';
export { MIN_BACKUP_TOKEN } from './settings-storage.js';

/**
 * Every setting of the server, composed from one file per area (`settings-<area>.ts`: its names, their
 * documentation rows and their parsing). Names follow r-nacos (`RNACOS_*`) so an existing deployment's
 * environment works unchanged; each one is also a CLI flag (`RNACOS_HTTP_PORT` -> `--http-port`).
 */
export interface Settings
  extends
    NetworkSettings,
    StorageSettings,
    LogSettings,
    NamingSettings,
    ConsoleSettings,
    MetricsSettings,
    ClusterSettings,
    McpSettings {
  /** LDAP login, when `RNACOS_LDAP_ENABLE` is on (settings-ldap.ts). */
  ldap: LdapOptions | undefined;
  /** Interval of persistent instance probes (settings-naming-probe.ts); 0: off. */
  namingProbeIntervalMs: number;
  /** OAuth2 / OpenID Connect console login; undefined when off (docs/console.md "OAuth2 / OpenID Connect login"). */
  oauth2: OAuth2Settings | undefined;
  /** The audit trail (settings-audit.ts). */
  audit: AuditSettings;
}

/** The documented table, area by area; docs/settings.md lists the same rows. */
export const SETTING_DEFS: SettingDef[] = [
  ...NETWORK_SETTING_DEFS,
  ...STORAGE_SETTING_DEFS,
  ...LOG_SETTING_DEFS,
  ...NAMING_SETTING_DEFS,
  ...NAMING_PROBE_SETTING_DEFS,
  ...CONSOLE_SETTING_DEFS,
  ...METRICS_SETTING_DEFS,
  ...CLUSTER_SETTING_DEFS,
  ...LDAP_SETTING_DEFS,
  ...OAUTH2_SETTING_DEFS,
  ...MCP_SETTING_DEFS,
  ...AUDIT_SETTING_DEFS,
];

/**
 * The checks that need a library loaded only for the feature it serves (LDAP's filter parser); after
 * loadSettings, before the server starts. Throws SettingsError as loadSettings does.
 */
export async function checkFeatureSettings(settings: Pick<Settings, 'ldap'>): Promise<void> {
  const problem = await ldapFilterProblem(settings.ldap);
  if (problem) throw new SettingsError(problem);
}

/** Reads and validates the settings; throws SettingsError naming the offending setting. */
export function loadSettings(source: SettingSource = process.env): Settings {
  const read = settingReader(source, SETTING_DEFS);
  const network = loadNetworkSettings(read);
  return {
    ...network,
    ...loadStorageSettings(read),
    ...loadLogSettings(read),
    ...loadNamingSettings(read),
    ...loadConsoleSettings(read),
    ...loadMetricsSettings(read),
    ...loadClusterSettings(read, network.grpcPort),
    ldap: loadLdapSettings(read),
    namingProbeIntervalMs: loadProbeIntervalMs(read.get, (message) => {
      throw new SettingsError(message);
    }),
    oauth2: oauth2Settings(read.get, read.bool('RNACOS_OAUTH2_ENABLE', false)),
    ...loadMcpSettings(read),
    audit: loadAuditSettings(read),
  };
}

function oauth2Settings(get: (env: string) => string | undefined, enabled: boolean): OAuth2Settings | undefined {
  try {
    return loadOAuth2Settings(get, enabled);
  } catch (err) {
    throw new SettingsError((err as Error).message);
  }
}

/** `RNACOS_HTTP_PORT` -> `http-port`, the CLI flag of the same setting. */
export function flagName(env: string): string {
  return env
    .replace(/^RNACOS_/, '')
    .toLowerCase()
    .replace(/_/g, '-');
}
