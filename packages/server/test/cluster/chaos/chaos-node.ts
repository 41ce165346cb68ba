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

/**
 * Asks a node that just started for what builds its HTTP routes and its console on their first request. The
 * nodes run from the sources through tsx, so that first request also transpiles those modules: seconds on a
 * busy machine, where the built server takes about 80 ms. It counts as part of the start, not as a request
 * the node was slow to answer.
 */
export async function warmNode(node: { http: string; console: string }): Promise<void> {
  const ask = (url: string) =>
    fetch(url, { signal: AbortSignal.timeout(20_000) }).then(
      (res) => res.arrayBuffer(),
      () => undefined,
    );
  await Promise.all([ask(`${node.http}/nacos/v1/ns/service/list?pageNo=1&pageSize=1`), ask(`${node.console}/rnacos/`)]);
}
