import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a node's call to another node carries: `<ms since epoch>.<HMAC-SHA256, base64url>`. */
export const PEER_AUTH_HEADER = 'x-tsnacos-peer';

/** A signed call is accepted this long before or after the time it carries (clocks of nodes differ a little). */
export const PEER_AUTH_WINDOW_MS = 30_000;

const SIGNED = /^([0-9]{1,15})\.([A-Za-z0-9_-]{43})$/;

/**
 * Signs and checks the calls cluster nodes make to each other, under the key they share through their
 * database (`ClusterStore.sharedPeerKey`): a call is accepted only if signed for its method, path and query
 * within `PEER_AUTH_WINDOW_MS` of now. Clients and users never hold the key, so no credential of theirs opens
 * these routes.
 */
export class PeerAuth {
  private readonly key: Buffer;

  constructor(key: string) {
    this.key = Buffer.from(key, 'utf8');
  }

  /** The header value for a call of `method` to `pathAndQuery` at `now`. */
  sign(method: string, pathAndQuery: string, now = Date.now()): string {
    return `${now}.${this.mac(method, pathAndQuery, String(now))}`;
  }

  /** Whether `header` signs this call within the window around `now`. */
  verify(header: string | string[] | undefined, method: string, pathAndQuery: string, now = Date.now()): boolean {
    if (typeof header !== 'string') return false;
    const [, at, mac] = SIGNED.exec(header) ?? [];
    if (!at || Math.abs(now - Number(at)) > PEER_AUTH_WINDOW_MS) return false;
    const expected = Buffer.from(this.mac(method, pathAndQuery, at));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(method: string, pathAndQuery: string, at: string): string {
    return createHmac('sha256', this.key).update(`${method.toUpperCase()}\n${pathAndQuery}\n${at}`).digest('base64url');
  }
}
