import type { OutboundClient } from './outbound-client.js';
import type { OwnPort } from './outbound-policy.js';

export interface OutboundSettings {
  /** RNACOS_OUTBOUND_ALLOW_CIDRS and RNACOS_OUTBOUND_DENY_CIDRS. */
  allow: string[];
  deny: string[];
}

/**
 * The server's one outbound client and its policy, built with the first outbound call (an MCP tool call,
 * a probe of a persistent instance): a server that never calls out never loads them. This server's ports
 * are kept until then.
 */
export class LazyOutbound {
  private readonly ownPorts = new Map<OwnPort, number>();
  private built: Promise<OutboundClient> | undefined;
  private current: OutboundClient | undefined;
  private closed = false;

  constructor(private readonly settings: OutboundSettings) {}

  /** Outbound calls never reach this server's own ports on this host. */
  setOwnPort(kind: OwnPort, port: number): void {
    this.ownPorts.set(kind, port);
    this.current?.policy.setOwnPort(kind, port);
  }

  client(): Promise<OutboundClient> {
    this.built ??= this.build();
    return this.built;
  }

  async close(): Promise<void> {
    this.closed = true;
    await (await this.built)?.close();
  }

  private async build(): Promise<OutboundClient> {
    const [{ OutboundClient }, { OutboundPolicy }] = await Promise.all([
      import('./outbound-client.js'),
      import('./outbound-policy.js'),
    ]);
    const client = new OutboundClient(new OutboundPolicy(this.settings));
    for (const [kind, port] of this.ownPorts) client.policy.setOwnPort(kind, port);
    // built after the server began stopping: calls fail as they would on a closed client
    if (this.closed) await client.close();
    this.current = client;
    return client;
  }
}
