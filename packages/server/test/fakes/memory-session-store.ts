import type { SessionStore, StoredSession } from '../../src/core/auth/session-store.js';

/** Sessions kept in memory only (unit tests of the auth services). */
export class MemorySessionStore implements SessionStore {
  readonly rows = new Map<string, StoredSession>();

  async loadLive(now: number): Promise<StoredSession[]> {
    return [...this.rows.values()].filter((s) => s.expiresAt > now);
  }

  async add(session: StoredSession): Promise<void> {
    this.rows.set(session.tokenHash, session);
  }

  async remove(tokenHashes: string[]): Promise<void> {
    for (const hash of tokenHashes) this.rows.delete(hash);
  }

  async removeExpired(now: number): Promise<void> {
    for (const [hash, s] of this.rows) if (s.expiresAt <= now) this.rows.delete(hash);
  }
}
