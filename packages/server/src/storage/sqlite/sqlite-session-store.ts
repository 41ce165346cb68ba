import type { SessionKind, SessionStore, StoredSession } from '../../core/auth/session-store.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';

type Row = Record<string, unknown>;

/** A `sessions` row as the core sees it (also read from PostgreSQL). */
export function toSession(r: Row): StoredSession {
  return {
    tokenHash: String(r.token_hash),
    kind: String(r.kind) as SessionKind,
    username: String(r.username),
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
  };
}

export class SqliteSessionStore implements SessionStore {
  private readonly insert;
  private readonly deleteOne;
  private readonly deleteExpired;

  constructor(private readonly db: SqliteDatabase) {
    this.insert = db.prepare(`INSERT OR REPLACE INTO sessions (token_hash, kind, username, created_at, expires_at)
      VALUES (@tokenHash, @kind, @username, @createdAt, @expiresAt)`);
    this.deleteOne = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
    this.deleteExpired = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  }

  async loadLive(now: number): Promise<StoredSession[]> {
    return (this.db.prepare('SELECT * FROM sessions WHERE expires_at > ?').all(now) as Row[]).map(toSession);
  }

  async add(session: StoredSession): Promise<void> {
    await groupCommitOf(this.db).run(() => this.insert.run(session));
  }

  async remove(tokenHashes: string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    await groupCommitOf(this.db).run(() => {
      for (const hash of tokenHashes) this.deleteOne.run(hash);
    });
  }

  async removeExpired(now: number): Promise<void> {
    await groupCommitOf(this.db).run(() => this.deleteExpired.run(now));
  }
}
