import type { OutboundInit, Resolve } from './outbound-fetch.js';
import type { OutboundPolicy } from './outbound-policy.js';

type Loaded = ReturnType<(typeof import('./outbound-fetch.js'))['createOutboundFetch']>;
export type OutboundResponse = Awaited<ReturnType<Loaded['fetch']>>;

/**
 * Every HTTP call tsnacos makes on a user's behalf goes through here, under the outbound policy. The HTTP
 * client (undici) loads with the first call: a server nobody asks to call out never loads it.
 */
export class OutboundClient {
  private loaded: Promise<Loaded> | undefined;
  private closed = false;

  constructor(
    readonly policy: OutboundPolicy,
    private readonly resolve?: Resolve,
  ) {}

  async fetch(url: string, init: OutboundInit): Promise<OutboundResponse> {
    if (this.closed) throw new Error('the server is stopping');
    this.loaded ??= import('./outbound-fetch.js').then((m) => m.createOutboundFetch(this.policy, this.resolve));
    return (await this.loaded).fetch(url, init);
  }

  async close(): Promise<void> {
    this.closed = true;
    await (await this.loaded)?.close();
  }
}
