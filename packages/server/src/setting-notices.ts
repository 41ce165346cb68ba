import { SETTING_DEFS, type Settings } from './settings.js';

const CLUSTER_INSTEAD = 'tsnacos nodes form a cluster by sharing one PostgreSQL database (RNACOS_DB_URL)';

/**
 * r-nacos 0.8.5 settings tsnacos deliberately does not read, and what it does instead (docs/settings.md,
 * "r-nacos 0.8.5 settings: status here", says the same).
 */
export const RNACOS_ONLY: Record<string, string> = {
  RNACOS_RAFT_JOIN_ADDR: `${CLUSTER_INSTEAD}; there is no Raft leader to join`,
  RNACOS_RAFT_AUTO_INIT: `${CLUSTER_INSTEAD}; there is no Raft group to initialise`,
  RNACOS_RAFT_SNAPSHOT_LOG_SIZE: 'tsnacos keeps no Raft log: SQLite or PostgreSQL stores every write',
  RNACOS_CLUSTER_TOKEN: 'tsnacos nodes talk only through their PostgreSQL database: protect that instead',
  RNACOS_GMT_OFFSET_HOURS: 'tsnacos logs times as epoch milliseconds (UTC)',
  RNACOS_HTTP_WORKERS: 'one Node.js event loop serves every request; run more nodes (RNACOS_DB_URL) to use more cores',
  RNACOS_CONFIG_DB_FILE: 'r-nacos left it behind in 0.2; the data lives in RNACOS_DATA_DIR',
  RNACOS_ENV_FILE: 'r-nacos 0.8.5 does not read it either; give the env file with --env-file (or .env)',
};

const DOCS_POINTER = 'see docs/settings.md, "r-nacos 0.8.5 settings: status here"';

const KNOWN = new Set(SETTING_DEFS.flatMap((def) => [def.env, ...(def.aliases ?? [])]));

/**
 * Warnings about the environment a node starts with: r-nacos settings that do nothing here (an r-nacos
 * cluster's env file would otherwise start an independent node without a word), unknown `RNACOS_*` names
 * (a typo), and a gRPC port the clients cannot find.
 */
export function settingNotices(environment: Record<string, string | undefined>, settings: Settings): string[] {
  const notices: string[] = [];
  for (const [name, value] of Object.entries(environment)) {
    if (!name.startsWith('RNACOS_') || KNOWN.has(name) || !value?.trim()) continue;
    const instead = RNACOS_ONLY[name];
    notices.push(
      instead
        ? `${name} is an r-nacos setting, ignored: ${instead} (${DOCS_POINTER})`
        : `${name} is not a tsnacos setting, ignored`,
    );
  }
  if (settings.grpcPort !== 0 && settings.grpcPort !== settings.httpPort + 1000) {
    notices.push(
      `the gRPC port ${settings.grpcPort} is not the HTTP port + 1000 (${settings.httpPort + 1000}): nacos 2.x clients ` +
        'assume that offset and fail to connect unless each is told the gRPC port',
    );
  }
  return notices;
}
