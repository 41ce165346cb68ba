import dns from 'node:dns';
import net from 'node:net';
import type { OutboundClient } from './outbound-client.js';
import { OutboundRefusedError, refusalText, type OutboundPolicy } from './outbound-policy.js';

/** A probe's answer: the port answered as expected, it did not, or the policy refused to try. */
export type ProbeResult = 'up' | 'down' | { refused: string };

export type ResolveAll = (hostname: string) => Promise<string[]>;

const systemResolve: ResolveAll = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The instance prober's outbound door, under the outbound policy. A TCP probe only opens and closes a
 * connection (nothing is sent), so loopback is allowed for it: instances registered as 127.0.0.1 next to
 * the server are common. This server's own ports and the metadata ranges stay refused; an HTTP probe sends
 * a request, so it gets no allowance beyond the policy's.
 */
export class OutboundProbe {
  constructor(
    private readonly policy: OutboundPolicy,
    private readonly http: OutboundClient,
    private readonly resolve: ResolveAll = systemResolve,
  ) {}

  async tcp(host: string, port: number, timeoutMs: number): Promise<ProbeResult> {
    let addresses: string[];
    try {
      addresses = net.isIP(host) !== 0 ? [host] : await this.resolve(host);
    } catch {
      return 'down';
    }
    // the judged address is the one connected to: nothing is resolved again in between
    const allowed = addresses.find((a) => !this.policy.judge(a, port, true));
    if (allowed === undefined) {
      const refusal = addresses.length > 0 ? this.policy.judge(addresses[0], port, true) : null;
      return refusal ? { refused: refusalText(refusal, host) } : 'down';
    }
    return connects(allowed, port, timeoutMs);
  }

  async httpGet(
    target: { host: string; port: number; path: string; headers: Record<string, string>; expectedCode: number },
    timeoutMs: number,
  ): Promise<ProbeResult> {
    const host = net.isIP(target.host) === 6 ? `[${target.host}]` : target.host;
    try {
      const response = await this.http.fetch(`http://${host}:${target.port}${target.path}`, {
        method: 'GET',
        headers: target.headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      return response.status === target.expectedCode ? 'up' : 'down';
    } catch (err) {
      const refused = refusalOf(err);
      return refused ? { refused: refused.message } : 'down';
    }
  }
}

function connects(address: string, port: number, timeoutMs: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port });
    const done = (result: ProbeResult) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => done('down'), timeoutMs);
    socket.once('connect', () => done('up'));
    socket.once('error', () => done('down'));
  });
}

/** undici wraps the connector's error in a `fetch failed` TypeError. */
function refusalOf(err: unknown): OutboundRefusedError | undefined {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof OutboundRefusedError) return e;
  return undefined;
}
