import { hash, randomBytes } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { SessionKind, SessionStore, StoredSession } from './session-store.js';

export interface Session {
  token: string;
  kind: SessionKind;
  username: string;
  createdAt: number;
  expiresAt: number;
}

/** 64 lowercase hex characters, the shape r-nacos tokens have. */
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

const SWEEP_EVERY_MS = 60_000;

// the one-shot hash: each SDK call with OpenAPI auth on looks its token up here
const hashOf = (token: string) => hash('sha256', token, 'hex');

/**
 * Login tokens with an absolute lifetime. They are answered from memory and written through the store, so
 * clients stay logged in across a restart (a Java SDK only renews its token near the end of its lifetime).
 * Only each token's SHA-256 is kept. A user's tokens can be ended at once (password, roles, disabling or
 * deletion changed).
 */
export class SessionService {
  /** By token hash. */
  private readonly byHash = new Map<string, StoredSession>();
  /** username -> token hashes. */
  private readonly byUser = new Map<string, Set<string>>();
  private lastSweep = 0;

  private constructor(
    private readonly store: SessionStore,
    private readonly clock: Clock,
    private readonly newToken: () => string,
  ) {}

  static async create(
    store: SessionStore,
    clock: Clock,
    newToken = () => randomBytes(32).toString('hex'),
  ): Promise<SessionService> {
    const service = new SessionService(store, clock, newToken);
    for (const session of await store.loadLive(clock.now())) service.remember(session);
    return service;
  }

  async create(kind: SessionKind, username: string, ttlSeconds: number): Promise<Session> {
    this.sweep();
    const now = this.clock.now();
    const token = this.newToken();
    const stored: StoredSession = {
      tokenHash: hashOf(token),
      kind,
      username,
      createdAt: now,
      expiresAt: now + ttlSeconds * 1000,
    };
    await this.store.add(stored);
    this.remember(stored);
    return { token, kind, username, createdAt: stored.createdAt, expiresAt: stored.expiresAt };
  }

  /** The live session of this kind for a token; malformed, unknown and expired tokens give undefined. */
  get(kind: SessionKind, token: string | undefined): Session | undefined {
    if (!token || !TOKEN_PATTERN.test(token)) return undefined;
    const stored = this.byHash.get(hashOf(token));
    if (!stored || stored.kind !== kind) return undefined;
    // Expired ones are left for the sweep: they are not loaded again after a restart either.
    if (stored.expiresAt <= this.clock.now()) return undefined;
    return { token, kind, username: stored.username, createdAt: stored.createdAt, expiresAt: stored.expiresAt };
  }

  async remove(token: string): Promise<void> {
    await this.forget([hashOf(token)]);
  }

  /** Ends every session of the user except `keep` (the caller's own, when a user changes their password). */
  async endAllFor(username: string, keep?: string): Promise<void> {
    const kept = keep === undefined ? undefined : hashOf(keep);
    await this.forget([...(this.byUser.get(username) ?? [])].filter((hash) => hash !== kept));
  }

  /** Logins made or ended on another node of the cluster. */
  applyRemote(added: StoredSession[], removed: string[]): void {
    for (const session of added) this.remember(session);
    for (const hash of removed) this.drop(hash);
  }

  /** Re-reads every live login (after changes from other nodes may have been missed). */
  async reload(): Promise<void> {
    const live = await this.store.loadLive(this.clock.now());
    for (const hash of [...this.byHash.keys()]) this.drop(hash);
    for (const session of live) this.remember(session);
  }

  size(): number {
    return this.byHash.size;
  }

  private remember(session: StoredSession): void {
    this.byHash.set(session.tokenHash, session);
    let hashes = this.byUser.get(session.username);
    if (!hashes) this.byUser.set(session.username, (hashes = new Set()));
    hashes.add(session.tokenHash);
  }

  /** Off the store first: an ended session must not come back with a restart. */
  private async forget(hashes: string[]): Promise<void> {
    const known = hashes.filter((hash) => this.byHash.has(hash));
    if (known.length === 0) return;
    await this.store.remove(known);
    for (const hash of known) this.drop(hash);
  }

  private drop(hash: string): void {
    const session = this.byHash.get(hash);
    if (!session) return;
    this.byHash.delete(hash);
    const hashes = this.byUser.get(session.username);
    hashes?.delete(hash);
    if (hashes?.size === 0) this.byUser.delete(session.username);
  }

  /** Drops expired sessions now and then, so abandoned logins do not pile up. */
  private sweep(): void {
    const now = this.clock.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const session of [...this.byHash.values()]) if (session.expiresAt <= now) this.drop(session.tokenHash);
    // Not loaded again after a restart in any case: a failure here only leaves dead rows a while longer.
    this.store.removeExpired(now).catch(() => undefined);
  }
}
