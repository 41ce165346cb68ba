import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freeSdkPorts } from '../interop/sdk-ports.js';
import type { Postgres } from '../postgres-server.js';
import { againOnTakenPort, freePort, startServerProcess, waitForExit, type StartOptions } from '../server-process.js';

/** One tsnacos node of a test cluster, run as a child process on its own ports. */
export interface ClusterNodeProcess {
  nodeId: number;
  http: string;
  console: string;
  /** `host:httpPort`, what an SDK is configured with (gRPC at +1000). */
  serverAddr: string;
  child: ChildProcess;
  output(): string;
  kill9(): Promise<void>;
  stop(): Promise<void>;
  /** Starts the node again on the same ports (after kill9 or stop). */
  restart(): Promise<void>;
}

/** Starts node `nodeId` on `dbUrl`; `leaseSeconds` short so a dead node is noticed quickly. */
export async function startClusterNode(
  nodeId: number,
  dbUrl: string,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ClusterNodeProcess> {
  return againOnTakenPort(() => startOnFreePorts(nodeId, dbUrl, env, options));
}

async function startOnFreePorts(
  nodeId: number,
  dbUrl: string,
  env: Record<string, string>,
  options: StartOptions,
): Promise<ClusterNodeProcess> {
  const { httpPort, grpcPort } = await freeSdkPorts();
  const consolePort = await freePort();
  const fullEnv = {
    RNACOS_DB_URL: dbUrl,
    RNACOS_RAFT_NODE_ID: String(nodeId),
    RNACOS_HTTP_PORT: String(httpPort),
    RNACOS_GRPC_PORT: String(grpcPort),
    RNACOS_HTTP_CONSOLE_PORT: String(consolePort),
    RNACOS_CONSOLE_ENABLE_CAPTCHA: 'false',
    RNACOS_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `tsnacos-node${nodeId}-`)),
    RNACOS_CLUSTER_LEASE_SECOND: '4',
    ...env,
  };
  let proc = await startServerProcess(fullEnv, options);
  const node: ClusterNodeProcess = {
    nodeId,
    http: `http://127.0.0.1:${httpPort}`,
    console: `http://127.0.0.1:${consolePort}`,
    serverAddr: `127.0.0.1:${httpPort}`,
    child: proc.child,
    output: () => proc.output(),
    async kill9() {
      proc.child.kill('SIGKILL');
      await waitForExit(proc.child);
    },
    async stop() {
      proc.child.kill('SIGTERM');
      await waitForExit(proc.child);
    },
    async restart() {
      proc = await startServerProcess(fullEnv, options);
      node.child = proc.child;
    },
  };
  return node;
}

/**
 * Two nodes on a fresh database of a real PostgreSQL, started before the file's tests and stopped after them
 * (a node that died meanwhile shows its output). Empty when PostgreSQL is not available.
 */
export function twoNodesOnPostgres(
  pg: Postgres | string,
  database: string,
  env: Record<string, string> = {},
): ClusterNodeProcess[] {
  const nodes: ClusterNodeProcess[] = [];
  beforeAll(async () => {
    if (typeof pg === 'string') return;
    const url = await pg.createDatabase(database);
    nodes.push(await startClusterNode(1, url, env));
    nodes.push(await startClusterNode(2, url, env));
  }, 120_000);
  afterAll(async () => {
    for (const node of nodes) {
      if (node.child.exitCode !== null) console.error(`node ${node.nodeId} exited:\n${node.output()}`);
    }
    await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
    if (typeof pg !== 'string') await pg.stop();
  }, 60_000);
  return nodes;
}
