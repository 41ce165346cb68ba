import type { DbLinkProxy } from '../../db-link-proxy.js';
import type { ClusterNodeProcess } from '../cluster-nodes.js';

/** A node as the clients see it: its addresses and whether the fault scheduler has it running. */
export interface ChaosNode {
  nodeId: number;
  http: string;
  console: string;
  /** `host:port` of its gRPC port (HTTP port + 1000, as SDKs derive it). */
  grpc: string;
  up: boolean;
  process: ClusterNodeProcess;
  /** The node's network path to PostgreSQL, which faults cut or slow down. */
  link: DbLinkProxy;
}

export function chaosNode(process: ClusterNodeProcess, link: DbLinkProxy): ChaosNode {
  const [host, port] = process.serverAddr.split(':');
  return {
    nodeId: process.nodeId,
    http: process.http,
    console: process.console,
    grpc: `${host}:${Number(port) + 1000}`,
    up: true,
    process,
    link,
  };
}
