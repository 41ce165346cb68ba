import os from 'node:os';
import path from 'node:path';
import type { LdapOptions } from './core/auth/ldap-options.js';
import { LDAP_SETTING_DEFS, loadLdapSettings } from './settings-ldap.js';
import { AUDIT_SETTING_DEFS, loadAuditSettings, type AuditSettings } from './settings-audit.js';
import type { OAuth2Settings } from './core/auth/oauth2-config.js';
import { loadOAuth2Settings, OAUTH2_SETTING_DEFS } from './oauth2-settings.js';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './shared/logger.js';
import { parseRanges } from './core/outbound/outbound-ranges.js';

/** r-nacos's rule: a shorter backup token leaves the endpoint closed (here: the start is refused). */
export const MIN_BACKUP_TOKEN = 32;

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
  /** Push instance changes over UDP to 1.x clients that poll with `udpPort`. */
  namingUdpPush: boolean;
  /** Fuzzy watch (nacos-client 3.x): distinct patterns at once, and keys one pattern follows (per kind). */
  fuzzyWatchMaxPatterns: number;
  fuzzyWatchMaxMatched: number;
  /** False when `RNACOS_HTTP_CONSOLE_PORT` is 0; tests keep it on while asking for port 0 (any free port). */
  consoleEnabled: boolean;
  /** Console and access control (see docs/console.md "Console and access control"). */
  consoleLoginTimeoutSeconds: number;
  consoleLoginOneHourLimit: number;
  /**
   * r-nacos's SDK login limit: attempts per minute, here per username and client address like every SDK
   * password check; undefined: SDK logins follow `consoleLoginOneHourLimit` per hour.
   */
  apiLoginOneMinuteLimit: number | undefined;
  consoleEnableCaptcha: boolean;
  enableNoAuthConsole: boolean;
  enableOpenApiAuth: boolean;
  apiLoginTimeoutSeconds: number;
  initAdminUsername: string;
  initAdminPassword: string;
  /** Shown in the console's cluster list and in metrics answers. */
  nodeId: number;
  nodeAddr: string;
  enableMetrics: boolean;
  metricsCollectIntervalSeconds: number;
  /** gRPC connections silent this long are probed (ClientDetectionRequest) and dropped if they do not answer. */
  grpcDetectionTimeoutSeconds: number;
  /** Log each gRPC detection event at info: ServerCheckRequests, ClientDetectionRequest probes and their outcome. */
  enableGrpcDetectionLog: boolean;
  /** Bytes of unfinished gRPC messages the server holds at most (all connections together). */
  grpcMaxBufferedBytes: number;
  /** A request (HTTP headers or body, gRPC message or preface) that brings nothing new this long is cut (ms). */
  requestStallTimeoutMs: number;
  /** A connection that has sent no request yet, or a gRPC connection without streams, is closed after (ms). */
  connectionIdleTimeoutMs: number;
  /** PostgreSQL URL of a cluster's shared store; unset: the embedded SQLite store in `dataDir`. */
  dbUrl: string | undefined;
  /** A cluster node that stops renewing its lease this long is dead and its ephemeral instances go (ms). */
  clusterLeaseMs: number;
  /** The audit trail (settings-audit.ts). */
  audit: AuditSettings;
  /** LDAP login, when `RNACOS_LDAP_ENABLE` is on (settings-ldap.ts). */
  ldap: LdapOptions | undefined;
  /** OAuth2 / OpenID Connect console login; undefined when off (docs/console.md "OAuth2 / OpenID Connect login"). */
  oauth2: OAuth2Settings | undefined;
  /** Connections of a cluster node's PostgreSQL pool (the change feed has one more of its own). */
  dbPoolSize: number;
  /**
   * A statement, connection attempt or wait for a pooled connection of a cluster node that takes longer
   * fails, and the database counts as lost until it answers again (ms).
   */
  dbTimeoutMs: number;
  /** Opens r-nacos's `GET /rnacos/backup?token=` on the SDK port; unset: the endpoint answers "not open". */
  backupToken: string | undefined;
  /** Log lines on stdout: `json` (one object a line) or `text` (time, level, message, fields). */
  logFormat: LogFormat;
  /** MCP tool calls: how long the routed HTTP service may take (ms), and the largest answer kept (bytes). */
  mcpHttpTimeoutMs: number;
  mcpMaxResponseBytes: number;
  /** MCP tool calls waiting on their routed service at once. */
  mcpMaxCallsInFlight: number;
  /**
   * Address ranges the outbound policy (MCP tool calls) allows although it refuses them by default (loopback,
   * link-local, metadata), and ranges it refuses as well; a deny range wins.
   */
  outboundAllowCidrs: string[];
  outboundDenyCidrs: string[];
  /** MCP SSE sessions: open at once in all and per MCP server, and how long one may go without a client message. */
  mcpSseMaxSessions: number;
  mcpSseMaxSessionsPerServer: number;
  mcpSseIdleTimeoutMs: number;
}

export interface SettingDef {
  env: string;
  aliases?: string[];
  describe: string;
  defaultText: string;
}

/** The documented table; docs/settings.md lists the same rows. */
export const SETTING_DEFS: SettingDef[] = [
  { env: 'RNACOS_HTTP_PORT', describe: 'SDK HTTP port (nacos OpenAPI v1)', defaultText: '8848' },
  { env: 'RNACOS_GRPC_PORT', describe: 'nacos 2.x gRPC port', defaultText: 'HTTP port + 1000' },
  {
    env: 'RNACOS_HTTP_CONSOLE_PORT',
    describe: 'console port; 0 disables the console',
    defaultText: 'HTTP port + 2000',
  },
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
  { env: 'RNACOS_CONSOLE_LOGIN_TIMEOUT', describe: 'console session lifetime in seconds', defaultText: '86400' },
  {
    env: 'RNACOS_CONSOLE_LOGIN_ONE_HOUR_LIMIT',
    describe: 'password attempts per hour: console logins per username, SDK logins per username and address',
    defaultText: '5',
  },
  { env: 'RNACOS_CONSOLE_ENABLE_CAPTCHA', describe: 'require a captcha on console login', defaultText: 'true' },
  {
    env: 'RNACOS_ENABLE_NO_AUTH_CONSOLE',
    describe: 'also serve the console without login on the SDK HTTP port (ignored when OpenAPI auth is on)',
    defaultText: 'false',
  },
  {
    env: 'RNACOS_ENABLE_OPEN_API_AUTH',
    describe: 'require a login token on the SDK HTTP and gRPC ports',
    defaultText: 'false',
  },
  {
    env: 'RNACOS_API_LOGIN_TIMEOUT',
    describe: 'lifetime of an SDK (OpenAPI) login token in seconds',
    defaultText: '3600',
  },
  {
    env: 'RNACOS_API_LOGIN_ONE_MINUTE_LIMIT',
    describe: 'SDK password attempts per minute per username and client address (a success resets the count)',
    defaultText: 'unset (RNACOS_CONSOLE_LOGIN_ONE_HOUR_LIMIT per hour)',
  },
  {
    env: 'RNACOS_INIT_ADMIN_USERNAME',
    describe: 'first console admin, created when there is no user',
    defaultText: 'admin',
  },
  { env: 'RNACOS_INIT_ADMIN_PASSWORD', describe: 'password of the first console admin', defaultText: 'admin' },
  { env: 'RNACOS_RAFT_NODE_ID', describe: 'this node id (cluster list, metrics)', defaultText: '1' },
  {
    env: 'RNACOS_RAFT_NODE_ADDR',
    describe: 'this node address shown in the cluster list',
    defaultText: '127.0.0.1:<gRPC port>',
  },
  { env: 'RNACOS_ENABLE_METRICS', describe: 'collect the monitoring timeline and /metrics', defaultText: 'true' },
  {
    env: 'RNACOS_METRICS_COLLECT_INTERVAL_SECOND',
    describe: 'seconds between metric snapshots (the LEAST timeline)',
    defaultText: '15',
  },
  {
    env: 'RNACOS_GRPC_DETECTION_TIMEOUT_SECOND',
    describe: 'seconds of silence before a gRPC client is probed; no answer within 3 s drops it',
    defaultText: '15',
  },
  {
    env: 'RNACOS_ENABLE_GRPC_DETECTION_LOG',
    describe:
      'log each gRPC detection event at info: a client ServerCheckRequest, a probe of a silent client and its outcome',
    defaultText: 'false',
  },
  {
    env: 'RNACOS_GRPC_MAX_BUFFERED_MB',
    describe: 'MB of unfinished gRPC messages held at most, all connections together (one: two messages)',
    defaultText: '128',
  },
  {
    env: 'RNACOS_REQUEST_STALL_TIMEOUT_SECOND',
    describe: 'seconds a request (headers, body, gRPC message) may go without new bytes before it is cut',
    defaultText: '20',
  },
  {
    env: 'RNACOS_CONNECTION_IDLE_TIMEOUT_SECOND',
    describe: 'seconds a connection may stay open without a request (gRPC: without a stream) before it is closed',
    defaultText: '60',
  },
  {
    env: 'RNACOS_DB_URL',
    describe: 'postgres://user:pass@host:5432/db: run as one node of a cluster sharing this PostgreSQL database',
    defaultText: 'unset (embedded SQLite in the data dir)',
  },
  {
    env: 'RNACOS_CLUSTER_LEASE_SECOND',
    describe: 'cluster mode: seconds after which a silent node is dead and its ephemeral instances removed',
    defaultText: '10',
  },
  ...LDAP_SETTING_DEFS,
  ...AUDIT_SETTING_DEFS,
  ...OAUTH2_SETTING_DEFS,
  {
    env: 'RNACOS_DB_POOL_SIZE',
    describe: 'cluster mode: connections each node keeps to PostgreSQL (plus one for the change feed)',
    defaultText: '10',
  },
  {
    env: 'RNACOS_DB_TIMEOUT_SECOND',
    describe:
      'cluster mode: seconds a statement or connection to PostgreSQL may take before the database counts as lost',
    defaultText: '5',
  },
  {
    env: 'RNACOS_BACKUP_TOKEN',
    describe: `token of GET /rnacos/backup (an export file), at least ${MIN_BACKUP_TOKEN} characters`,
    defaultText: 'unset (endpoint closed)',
  },
  { env: 'RNACOS_LOG_FORMAT', describe: `log line format (${LOG_FORMATS.join(', ')})`, defaultText: 'json' },
  {
    env: 'RNACOS_MCP_HTTP_TIMEOUT_SECOND',
    describe: 'seconds an MCP tool call waits for the routed HTTP service',
    defaultText: '30',
  },
  {
    env: 'RNACOS_MCP_MAX_RESPONSE_BYTES',
    describe: 'largest answer of a routed HTTP service an MCP tool call returns, in bytes',
    defaultText: '4194304',
  },
  {
    env: 'RNACOS_MCP_MAX_CALLS_IN_FLIGHT',
    describe: 'MCP tool calls waiting on their routed service at once; one more is a tool error',
    defaultText: '64',
  },
  {
    env: 'RNACOS_OUTBOUND_ALLOW_CIDRS',
    describe:
      'address ranges MCP tool calls may reach although refused by default (loopback, link-local, metadata), comma-separated',
    defaultText: 'unset',
  },
  {
    env: 'RNACOS_OUTBOUND_DENY_CIDRS',
    describe: 'address ranges MCP tool calls may never reach, besides the default ones; wins over the allow list',
    defaultText: 'unset',
  },
  {
    env: 'RNACOS_MCP_SSE_MAX_SESSIONS',
    describe: 'MCP SSE sessions open at once on a node',
    defaultText: '1000',
  },
  {
    env: 'RNACOS_MCP_SSE_MAX_SESSIONS_PER_SERVER',
    describe: 'MCP SSE sessions open at once on a node for one MCP server',
    defaultText: '100',
  },
  {
    env: 'RNACOS_MCP_SSE_IDLE_TIMEOUT_SECOND',
    describe: 'seconds an MCP SSE session stays open without a message from its client',
    defaultText: '300',
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

function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
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
  const get = (env: string) =>
    raw(
      source,
      SETTING_DEFS.find((d) => d.env === env)!,
    );
  const port = (env: string, fallback: number, allowZero = false) => {
    const v = get(env);
    return v === undefined ? fallback : integer(env, v, allowZero ? 0 : 1, 65535);
  };
  const httpPort = port('RNACOS_HTTP_PORT', 8848);
  const derived = (offset: number) => {
    if (httpPort + offset > 65535)
      throw new SettingsError(`RNACOS_HTTP_PORT ${httpPort} leaves no room for port +${offset}`);
    return httpPort + offset;
  };
  const grpcPort = get('RNACOS_GRPC_PORT') === undefined ? derived(1000) : port('RNACOS_GRPC_PORT', 0);
  const consolePort =
    get('RNACOS_HTTP_CONSOLE_PORT') === undefined ? derived(2000) : port('RNACOS_HTTP_CONSOLE_PORT', 0, true);
  const sdkHost = get('RNACOS_SDK_HOST') ?? '0.0.0.0';
  const maxContent = get('RNACOS_CONFIG_MAX_CONTENT');
  const logLevel = (get('RNACOS_LOG_LEVEL') ?? 'info').toLowerCase();
  const whole = (env: string, fallback: number, min: number, max: number) => {
    const v = get(env);
    return v === undefined ? fallback : integer(env, v, min, max);
  };
  const optionalWhole = (env: string, min: number, max: number) => {
    const v = get(env);
    return v === undefined ? undefined : integer(env, v, min, max);
  };
  const bool = (env: string, fallback: boolean) => parseBoolean(env, get(env), fallback);
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
    configMaxContent:
      maxContent === undefined ? 10 * 1024 * 1024 : integer('RNACOS_CONFIG_MAX_CONTENT', maxContent, 1, 1024 ** 3),
    logLevel: logLevel as LogLevel,
    namingHealthTimeoutMs: namingHealthTimeoutS * 1000,
    namingInstanceTimeoutMs: namingInstanceTimeoutS * 1000,
    namingUdpPush: parseBoolean('RNACOS_NAMING_UDP_PUSH', get('RNACOS_NAMING_UDP_PUSH'), true),
    fuzzyWatchMaxPatterns: whole('RNACOS_FUZZY_WATCH_MAX_PATTERN_COUNT', 20, 1, 100_000),
    fuzzyWatchMaxMatched: whole('RNACOS_FUZZY_WATCH_MAX_MATCH_COUNT', 500, 1, 10_000_000),
    consoleEnabled: consolePort !== 0,
    consoleLoginTimeoutSeconds: whole('RNACOS_CONSOLE_LOGIN_TIMEOUT', 86_400, 1, 10 * 365 * 86_400),
    consoleLoginOneHourLimit: whole('RNACOS_CONSOLE_LOGIN_ONE_HOUR_LIMIT', 5, 1, 1_000_000),
    consoleEnableCaptcha: bool('RNACOS_CONSOLE_ENABLE_CAPTCHA', true),
    enableNoAuthConsole: bool('RNACOS_ENABLE_NO_AUTH_CONSOLE', false),
    enableOpenApiAuth: bool('RNACOS_ENABLE_OPEN_API_AUTH', false),
    apiLoginTimeoutSeconds: whole('RNACOS_API_LOGIN_TIMEOUT', 3_600, 1, 10 * 365 * 86_400),
    apiLoginOneMinuteLimit: optionalWhole('RNACOS_API_LOGIN_ONE_MINUTE_LIMIT', 1, 1_000_000),
    // Blank counts as unset, as for every setting: an empty admin password is never created.
    initAdminUsername: get('RNACOS_INIT_ADMIN_USERNAME') ?? 'admin',
    initAdminPassword: get('RNACOS_INIT_ADMIN_PASSWORD') ?? 'admin',
    nodeId: whole('RNACOS_RAFT_NODE_ID', 1, 1, Number.MAX_SAFE_INTEGER),
    nodeAddr: get('RNACOS_RAFT_NODE_ADDR') ?? `127.0.0.1:${grpcPort}`,
    enableMetrics: bool('RNACOS_ENABLE_METRICS', true),
    metricsCollectIntervalSeconds: whole('RNACOS_METRICS_COLLECT_INTERVAL_SECOND', 15, 1, 3_600),
    grpcDetectionTimeoutSeconds: whole('RNACOS_GRPC_DETECTION_TIMEOUT_SECOND', 15, 1, 86_400),
    enableGrpcDetectionLog: bool('RNACOS_ENABLE_GRPC_DETECTION_LOG', false),
    grpcMaxBufferedBytes: whole('RNACOS_GRPC_MAX_BUFFERED_MB', 128, 1, 1024 * 1024) * 1024 * 1024,
    requestStallTimeoutMs: whole('RNACOS_REQUEST_STALL_TIMEOUT_SECOND', 20, 1, 86_400) * 1000,
    connectionIdleTimeoutMs: whole('RNACOS_CONNECTION_IDLE_TIMEOUT_SECOND', 60, 1, 86_400) * 1000,
    dbUrl: dbUrl(get('RNACOS_DB_URL')),
    clusterLeaseMs: whole('RNACOS_CLUSTER_LEASE_SECOND', 10, 2, 600) * 1000,
    audit: loadAuditSettings({ bool, whole }),
    ldap: loadLdapSettings({
      get,
      bool,
      whole,
      fail: (message) => {
        throw new SettingsError(message);
      },
    }),
    oauth2: oauth2Settings(get, bool('RNACOS_OAUTH2_ENABLE', false)),
    dbPoolSize: whole('RNACOS_DB_POOL_SIZE', 10, 1, 1000),
    dbTimeoutMs: whole('RNACOS_DB_TIMEOUT_SECOND', 5, 1, 600) * 1000,
    backupToken: backupToken(get('RNACOS_BACKUP_TOKEN')),
    logFormat: logFormat(get('RNACOS_LOG_FORMAT')),
    mcpHttpTimeoutMs: whole('RNACOS_MCP_HTTP_TIMEOUT_SECOND', 30, 1, 3_600) * 1000,
    mcpMaxResponseBytes: whole('RNACOS_MCP_MAX_RESPONSE_BYTES', 4 * 1024 * 1024, 1024, 256 * 1024 * 1024),
    mcpMaxCallsInFlight: whole('RNACOS_MCP_MAX_CALLS_IN_FLIGHT', 64, 1, 10_000),
    outboundAllowCidrs: cidrs('RNACOS_OUTBOUND_ALLOW_CIDRS', get('RNACOS_OUTBOUND_ALLOW_CIDRS')),
    outboundDenyCidrs: cidrs('RNACOS_OUTBOUND_DENY_CIDRS', get('RNACOS_OUTBOUND_DENY_CIDRS')),
    mcpSseMaxSessions: whole('RNACOS_MCP_SSE_MAX_SESSIONS', 1000, 1, 100_000),
    mcpSseMaxSessionsPerServer: whole('RNACOS_MCP_SSE_MAX_SESSIONS_PER_SERVER', 100, 1, 100_000),
    mcpSseIdleTimeoutMs: whole('RNACOS_MCP_SSE_IDLE_TIMEOUT_SECOND', 300, 1, 86_400) * 1000,
  };
}

function oauth2Settings(get: (env: string) => string | undefined, enabled: boolean): OAuth2Settings | undefined {
  try {
    return loadOAuth2Settings(get, enabled);
  } catch (err) {
    throw new SettingsError((err as Error).message);
  }
}

function backupToken(value: string | undefined): string | undefined {
  if (value !== undefined && value.length < MIN_BACKUP_TOKEN) {
    throw new SettingsError(
      `RNACOS_BACKUP_TOKEN must have at least ${MIN_BACKUP_TOKEN} characters (it has ${value.length}): a short token can be guessed`,
    );
  }
  return value;
}

function logFormat(value: string | undefined): LogFormat {
  const format = (value ?? 'json').toLowerCase();
  if (!(LOG_FORMATS as readonly string[]).includes(format)) {
    throw new SettingsError(`RNACOS_LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, got "${value}"`);
  }
  return format as LogFormat;
}

/** A list of CIDR ranges or addresses, each checked (the policy parses them again when it is built). */
function cidrs(name: string, value: string | undefined): string[] {
  if (value === undefined) return [];
  try {
    return parseRanges(value).map((r) => r.text);
  } catch (err) {
    throw new SettingsError(`${name}: ${(err as Error).message}`);
  }
}

function dbUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new SettingsError(
      `RNACOS_DB_URL must be a postgres:// or postgresql:// URL, got "${value.split('@').at(-1)}"`,
    );
  }
  return value;
}

/** `RNACOS_HTTP_PORT` -> `http-port`, the CLI flag of the same setting. */
export function flagName(env: string): string {
  return env
    .replace(/^RNACOS_/, '')
    .toLowerCase()
    .replace(/_/g, '-');
}
