import os from 'node:os';
import path from 'node:path';
import { LOG_LEVELS, type LogLevel } from './shared/logger.js';

/**
 * Every setting of the server. Names follow r-nacos (`RNACOS_*`) so an existing deployment's environment
 * works unchanged; each one is also a CLI flag (`RNACOS_HTTP_PORT` -> `--http-port`).
 */
export interface Settings {
  httpPort: number;
  grpcPort: number;
  consolePort: number;
  sdkHost: string;
  consoleHost: string;
  dataDir: string;
  configMaxContent: number;
  logLevel: LogLevel;
  /** Silence after which an ephemeral HTTP instance turns unhealthy (ms). */
  namingHealthTimeoutMs: number;
  /** Silence after which an ephemeral HTTP instance is removed (ms). */
  namingInstanceTimeoutMs: number;
}

export interface SettingDef {
  env: string;
  aliases?: string[];
  describe: string;
  defaultText: string;
}

/** The documented table; README.md lists the same rows. */
export const SETTING_DEFS: SettingDef[] = [
  { env: 'RNACOS_HTTP_PORT', describe: 'SDK HTTP port (nacos OpenAPI v1)', defaultText: '8848' },
  { env: 'RNACOS_GRPC_PORT', describe: 'nacos 2.x gRPC port', defaultText: 'HTTP port + 1000' },
  { env: 'RNACOS_HTTP_CONSOLE_PORT', describe: 'console port; 0 disables the console', defaultText: 'HTTP port + 2000' },
  { env: 'RNACOS_SDK_HOST', describe: 'bind address of the HTTP and gRPC ports', defaultText: '0.0.0.0' },
  { env: 'RNACOS_CONSOLE_HOST', describe: 'bind address of the console port', defaultText: 'RNACOS_SDK_HOST' },
  {
    env: 'RNACOS_DATA_DIR',
    aliases: ['RNACOS_CONFIG_DB_DIR'],
    describe: 'data directory (holds the SQLite store)',
    defaultText: '$XDG_DATA_HOME/tsnacos/nacos_db (~/.local/share/tsnacos/nacos_db)',
  },
  { env: 'RNACOS_CONFIG_MAX_CONTENT', describe: 'largest config content in bytes', defaultText: '10485760' },
  { env: 'RNACOS_LOG_LEVEL', describe: `log level (${LOG_LEVELS.join(', ')})`, defaultText: 'info' },
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
];

export class SettingsError extends Error {}

type Source = Record<string, string | undefined>;

function raw(source: Source, def: SettingDef): string | undefined {
  for (const name of [def.env, ...(def.aliases ?? [])]) {
    const value = source[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

function integer(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value)) throw new SettingsError(`${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new SettingsError(`${name} must be between ${min} and ${max}, got ${value}`);
  return n;
}

export function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const v = value.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new SettingsError(`${name} must be true or false, got "${value}"`);
}

function defaultDataDir(source: Source): string {
  const base = source.XDG_DATA_HOME?.trim() || path.join(os.homedir(), '.local', 'share');
  return path.join(base, 'tsnacos', 'nacos_db');
}

/** Reads and validates the settings; throws SettingsError naming the offending setting. */
export function loadSettings(source: Source = process.env): Settings {
  const get = (env: string) => raw(source, SETTING_DEFS.find((d) => d.env === env)!);
  const port = (env: string, fallback: number, allowZero = false) => {
    const v = get(env);
    return v === undefined ? fallback : integer(env, v, allowZero ? 0 : 1, 65535);
  };
  const httpPort = port('RNACOS_HTTP_PORT', 8848);
  const derived = (offset: number) => {
    if (httpPort + offset > 65535) throw new SettingsError(`RNACOS_HTTP_PORT ${httpPort} leaves no room for port +${offset}`);
    return httpPort + offset;
  };
  const grpcPort = get('RNACOS_GRPC_PORT') === undefined ? derived(1000) : port('RNACOS_GRPC_PORT', 0);
  const consolePort =
    get('RNACOS_HTTP_CONSOLE_PORT') === undefined ? derived(2000) : port('RNACOS_HTTP_CONSOLE_PORT', 0, true);
  const sdkHost = get('RNACOS_SDK_HOST') ?? '0.0.0.0';
  const maxContent = get('RNACOS_CONFIG_MAX_CONTENT');
  const logLevel = (get('RNACOS_LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new SettingsError(`RNACOS_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const healthTimeout = get('RNACOS_NAMING_HEALTH_TIMEOUT_SECOND');
  const namingHealthTimeoutS =
    healthTimeout === undefined ? 15 : integer('RNACOS_NAMING_HEALTH_TIMEOUT_SECOND', healthTimeout, 1, 86_400);
  const instanceTimeout = get('RNACOS_NAMING_INSTANCE_TIMEOUT_SECOND');
  const namingInstanceTimeoutS =
    instanceTimeout === undefined
      ? Math.max(30, namingHealthTimeoutS)
      : integer('RNACOS_NAMING_INSTANCE_TIMEOUT_SECOND', instanceTimeout, 1, 86_400);
  if (namingInstanceTimeoutS < namingHealthTimeoutS) {
    throw new SettingsError(
      `RNACOS_NAMING_INSTANCE_TIMEOUT_SECOND (${namingInstanceTimeoutS}) must not be less than RNACOS_NAMING_HEALTH_TIMEOUT_SECOND (${namingHealthTimeoutS})`,
    );
  }
  return {
    httpPort,
    grpcPort,
    consolePort,
    sdkHost,
    consoleHost: get('RNACOS_CONSOLE_HOST') ?? sdkHost,
    dataDir: path.resolve(get('RNACOS_DATA_DIR') ?? defaultDataDir(source)),
    configMaxContent: maxContent === undefined ? 10 * 1024 * 1024 : integer('RNACOS_CONFIG_MAX_CONTENT', maxContent, 1, 1024 ** 3),
    logLevel: logLevel as LogLevel,
    namingHealthTimeoutMs: namingHealthTimeoutS * 1000,
    namingInstanceTimeoutMs: namingInstanceTimeoutS * 1000,
  };
}

/** `RNACOS_HTTP_PORT` -> `http-port`, the CLI flag of the same setting. */
export function flagName(env: string): string {
  return env.replace(/^RNACOS_/, '').toLowerCase().replace(/_/g, '-');
}
