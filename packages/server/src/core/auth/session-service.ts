import { randomBytes } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';

/** Console logins (cookie `token`) and SDK logins (`accessToken`) never stand in for each other. */
export type SessionKind = 'console' | 'api';

export interface Session {
  token: string;
  kind: SessionKind;
  username: string;
  createdAt: number;
  expiresAt: number;
}

/** 64 lowercase hex characters, the shape r-nacos tokens have. */
export const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

const SWEEP_EVERY_MS = 60_000;

/**
 * Login tokens with an absolute lifetime, kept in memory: a restart asks everyone to log in again. A user's
 * tokens can be ended at once (password, roles, disabling or deletion changed).
 */
export class SessionService {
  private readonly byToken = new Map<string, Session>();
  private readonly byUser = new Map<string, Set<string>>();
  private lastSweep = 0;

  constructor(
    private readonly clock: Clock,
    private readonly newToken: () => string = () => randomBytes(32).toString('hex'),
  ) {}

  create(kind: SessionKind, username: string, ttlSeconds: number): Session {
    this.sweep();
    const now = this.clock.now();
    const session: Session = { token: this.newToken(), kind, username, createdAt: now, expiresAt: now + ttlSeconds * 1000 };
    this.byToken.set(session.token, session);
    let tokens = this.byUser.get(username);
    if (!tokens) this.byUser.set(username, (tokens = new Set()));
    tokens.add(session.token);
    return session;
  }

  /** The live session of this kind for a token; malformed, unknown and expired tokens give undefined. */
  get(kind: SessionKind, token: string | undefined): Session | undefined {
    if (!token || !TOKEN_PATTERN.test(token)) return undefined;
    const session = this.byToken.get(token);
    if (!session || session.kind !== kind) return undefined;
    if (session.expiresAt <= this.clock.now()) {
      this.remove(token);
      return undefined;
    }
    return session;
  }

  remove(token: string): void {
    const session = this.byToken.get(token);
    if (!session) return;
    this.byToken.delete(token);
    const tokens = this.byUser.get(session.username);
    tokens?.delete(token);
    if (tokens?.size === 0) this.byUser.delete(session.username);
  }

  /** Ends every session of the user except `keep` (the caller's own, when a user changes their password). */
  endAllFor(username: string, keep?: string): void {
    for (const token of [...(this.byUser.get(username) ?? [])]) if (token !== keep) this.remove(token);
  }

  size(): number {
    return this.byToken.size;
  }

  /** Drops expired sessions now and then, so abandoned logins do not pile up. */
  private sweep(): void {
    const now = this.clock.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const session of [...this.byToken.values()]) if (session.expiresAt <= now) this.remove(session.token);
  }
}
