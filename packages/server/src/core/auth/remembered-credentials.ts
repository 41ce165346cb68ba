import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';

/**
 * The username/password pairs bcrypt accepted lately from SDK clients. A client repeating a pair it logged in
 * with (a token renewal, or the Node SDK sending its credentials on every request) is recognised without
 * bcrypt and without counting against the login limit, so a neighbour hammering a wrong password for the
 * same username cannot lock it out. Only an exact earlier success matches; any other password is a guess and
 * goes through the limit. One pair per username (the last accepted), kept while in use: each match extends
 * it by `lifetimeMs`. Passwords are held only as an HMAC under a key that lives in this process.
 */
export class RememberedCredentials {
  private readonly key = randomBytes(32);
  private readonly byUser = new Map<string, { digest: Buffer; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly lifetimeMs: number,
  ) {}

  matches(username: string, password: string): boolean {
    const known = this.byUser.get(username);
    if (!known) return false;
    const now = this.clock.now();
    if (known.expiresAt <= now) {
      this.byUser.delete(username);
      return false;
    }
    if (!timingSafeEqual(known.digest, this.digest(username, password))) return false;
    known.expiresAt = now + this.lifetimeMs;
    return true;
  }

  remember(username: string, password: string): void {
    this.byUser.set(username, {
      digest: this.digest(username, password),
      expiresAt: this.clock.now() + this.lifetimeMs,
    });
  }

  /** When the user's password, status or existence changes. */
  forget(username: string): void {
    this.byUser.delete(username);
  }

  private digest(username: string, password: string): Buffer {
    return createHmac('sha256', this.key).update(username).update('\0').update(password).digest();
  }
}
