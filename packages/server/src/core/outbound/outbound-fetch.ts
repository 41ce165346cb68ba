import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch } from 'undici';
import { OutboundRefusedError, type OutboundPolicy } from './outbound-policy.js';

/** Every address a name resolves to (the connector's only source of addresses; tests pass a fixed table). */
export type Resolve = (hostname: string, family: number) => Promise<dns.LookupAddress[]>;

const systemResolve: Resolve = (hostname, family) =>
  dns.promises.lookup(hostname, { all: true, family, verbatim: true });

/**
 * The policy's HTTP client: an undici Agent whose connector judges the address each connection goes to. An
 * address literal is judged before any socket exists; a name is resolved inside the connection's own lookup,
 * which hands on only allowed addresses, so nothing can change between the check and the connect (DNS
 * rebinding). Redirects are the caller's to refuse (`redirect: 'manual'`).
 */
export function createOutboundFetch(policy: OutboundPolicy, resolve: Resolve = systemResolve) {
  const dispatcher = new Agent({
    connect: (options, callback) => {
      const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
      if (isIP(options.hostname) !== 0) {
        const refusal = policy.judge(options.hostname, port);
        if (refusal) return callback(new OutboundRefusedError(refusal), null);
      }
      // one connector per connection: the lookup has to know the port (own ports are refused)
      buildConnector({ lookup: guardedLookup(policy, port, resolve) })(options, callback);
    },
  });
  return {
    fetch: (url: string, init: OutboundInit) => fetch(url, Object.assign({ dispatcher }, init)),
    // at stop: what is still in flight ends now rather than at its timeout
    close: () => dispatcher.destroy(),
  };
}

export type OutboundInit = Omit<NonNullable<Parameters<typeof fetch>[1]>, 'dispatcher'>;

/** A `net.connect` lookup that answers only the resolved addresses the policy allows. */
export function guardedLookup(policy: OutboundPolicy, port: number, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options.family === 4 || options.family === 6 ? options.family : 0).then(
      (addresses) => {
        const allowed = addresses.filter((a) => !policy.judge(a.address, port));
        if (allowed.length === 0) {
          const refusal = addresses.length > 0 ? policy.judge(addresses[0].address, port) : null;
          const err = refusal
            ? new OutboundRefusedError(refusal, hostname)
            : Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
          return callback(err, '', 0);
        }
        if (options.all) callback(null, allowed);
        else callback(null, allowed[0].address, allowed[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
