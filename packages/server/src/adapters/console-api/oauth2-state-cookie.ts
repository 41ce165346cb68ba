import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PendingLogin } from '../../core/auth/oauth2-client.js';

/** A started login is good for this long: time to sign in at the provider. */
export const PENDING_LOGIN_SECONDS = 600;

interface Sealed {
  pending: PendingLogin;
  /** Where the console goes after the login (a console path). */
  next: string;
  expiresAt: number;
}

/**
 * The started login as an HttpOnly cookie value, signed (HMAC-SHA256) so a browser cannot swap in another
 * state or verifier. The key derives from the client secret, so every node of a cluster accepts the
 * callback; a public client (no secret) signs with a key of this process.
 */
export class StateCookieSealer {
  private readonly key: Buffer;

  constructor(clientSecret: string) {
    this.key = clientSecret
      ? createHmac('sha256', clientSecret).update('tsnacos oauth2 login state').digest()
      : randomBytes(32);
  }

  seal(pending: PendingLogin, next: string, now: number): string {
    const body = Buffer.from(JSON.stringify({ pending, next, expiresAt: now + PENDING_LOGIN_SECONDS * 1000 }));
    return `${body.toString('base64url')}.${this.mac(body).toString('base64url')}`;
  }

  /** The sealed login, or undefined when the value is missing, altered or expired. */
  open(value: string | undefined, now: number): Sealed | undefined {
    const [body64, mac64, extra] = (value ?? '').split('.');
    if (!body64 || !mac64 || extra !== undefined) return undefined;
    const body = Buffer.from(body64, 'base64url');
    const mac = Buffer.from(mac64, 'base64url');
    const expected = this.mac(body);
    if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return undefined;
    try {
      const sealed = JSON.parse(body.toString('utf8')) as Sealed;
      return sealed.expiresAt > now && typeof sealed.pending?.state === 'string' ? sealed : undefined;
    } catch {
      return undefined;
    }
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}
