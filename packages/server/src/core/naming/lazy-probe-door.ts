import type { LazyOutbound } from '../outbound/lazy-outbound.js';
import type { OutboundProbe, ProbeResult } from '../outbound/outbound-probe.js';
import type { ProbeDoor } from './persistent-probe.js';

/** The prober's door on the server's outbound client, built with the first probe (no persistent instance, no load). */
export class LazyProbeDoor implements ProbeDoor {
  private door: Promise<OutboundProbe> | undefined;

  constructor(private readonly outbound: LazyOutbound) {}

  async tcp(host: string, port: number, timeoutMs: number): Promise<ProbeResult> {
    return (await this.built()).tcp(host, port, timeoutMs);
  }

  async httpGet(target: Parameters<ProbeDoor['httpGet']>[0], timeoutMs: number): Promise<ProbeResult> {
    return (await this.built()).httpGet(target, timeoutMs);
  }

  private built(): Promise<OutboundProbe> {
    this.door ??= Promise.all([import('../outbound/outbound-probe.js'), this.outbound.client()]).then(
      ([{ OutboundProbe }, client]) => new OutboundProbe(client.policy, client),
    );
    return this.door;
  }
}
