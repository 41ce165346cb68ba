/** The path every node answers with whether it reaches its database (see http-v1/core-routes.ts). */
const STORE_HEALTH_PATH = '/nacos/v1/core/cluster/store-health';

/** A node's HTTP address from its gRPC one (`host:port`): the gRPC port is the HTTP port + 1000, as nacos has it. */
export function httpAddressOf(grpcAddr: string): string | undefined {
  const at = grpcAddr.lastIndexOf(':');
  const port = Number(grpcAddr.slice(at + 1));
  if (at <= 0 || !(port > 1000)) return undefined;
  return `${grpcAddr.slice(0, at)}:${port - 1000}`;
}

/**
 * Whether one of the nodes at `grpcAddrs` reaches its database now: each is asked over HTTP, and answers
 * after one statement against it. No answer within `timeoutMs` counts as no.
 */
export async function othersReachStore(grpcAddrs: string[], timeoutMs: number): Promise<boolean> {
  const asks = grpcAddrs.map(async (addr) => {
    const http = httpAddressOf(addr);
    if (!http) return false;
    const res = await fetch(`http://${http}${STORE_HEALTH_PATH}`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 200;
  });
  const answers = await Promise.allSettled(asks);
  return answers.some((a) => a.status === 'fulfilled' && a.value);
}
