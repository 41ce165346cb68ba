import type { SettingDef, SettingReader } from './settings-reader.js';

/** This node as the console shows it, and a cluster sharing one PostgreSQL database. */
export interface ClusterSettings {
  /** Shown in the console's cluster list and in metrics answers. */
  nodeId: number;
  nodeAddr: string;
  /** PostgreSQL URL of a cluster's shared store; unset: the embedded SQLite store in `dataDir`. */
  dbUrl: string | undefined;
  /** A cluster node that stops renewing its lease this long is dead and its ephemeral instances go (ms). */
  clusterLeaseMs: number;
  /** Connections of a cluster node's PostgreSQL pool (the change feed has one more of its own). */
  dbPoolSize: number;
  /**
   * A statement, connection attempt or wait for a pooled connection of a cluster node that takes longer
   * fails, and the database counts as lost until it answers again (ms).
   */
  dbTimeoutMs: number;
}

export const CLUSTER_SETTING_DEFS: SettingDef[] = [
  { env: 'RNACOS_RAFT_NODE_ID', describe: 'this node id (cluster list, metrics)', defaultText: '1' },
  {
    env: 'RNACOS_RAFT_NODE_ADDR',
    describe: 'this node address shown in the cluster list',
    defaultText: '127.0.0.1:<gRPC port>',
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
];

export function loadClusterSettings(read: SettingReader, grpcPort: number): ClusterSettings {
  const dbUrl = read.get('RNACOS_DB_URL');
  if (dbUrl !== undefined && !/^postgres(ql)?:\/\//.test(dbUrl)) {
    // the host part only: the URL may hold a password
    read.fail(`RNACOS_DB_URL must be a postgres:// or postgresql:// URL, got "${dbUrl.split('@').at(-1)}"`);
  }
  return {
    nodeId: read.whole('RNACOS_RAFT_NODE_ID', 1, 1, Number.MAX_SAFE_INTEGER),
    nodeAddr: read.get('RNACOS_RAFT_NODE_ADDR') ?? `127.0.0.1:${grpcPort}`,
    dbUrl,
    clusterLeaseMs: read.whole('RNACOS_CLUSTER_LEASE_SECOND', 10, 2, 600) * 1000,
    dbPoolSize: read.whole('RNACOS_DB_POOL_SIZE', 10, 1, 1000),
    dbTimeoutMs: read.whole('RNACOS_DB_TIMEOUT_SECOND', 5, 1, 600) * 1000,
  };
}
