import type { SessionStore, StoredSession } from '../../core/auth/session-store.js';
import { toSession } from '../sqlite/sqlite-session-store.js';
import { inTransaction, notifyChange, writeAnnounced, type PgDatabase, type Row } from './pg-database.js';

/** Logins in PostgreSQL; a login made or ended on one node travels whole to the others (it is tiny). */
export class PgSessionStore implements SessionStore {
  constructor(private readonly db: PgDatabase) {}

  async loadLive(now: number): Promise<StoredSession[]> {
    const { rows } = await this.db.pool.query<Row>('SELECT * FROM sessions WHERE expires_at > $1', [now]);
    return rows.map(toSession);
  }

  async add(s: StoredSession): Promise<void> {
    await writeAnnounced(
      this.db,
      `INSERT INTO sessions (token_hash, kind, username, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (token_hash) DO UPDATE SET kind = excluded.kind, username = excluded.username,
         created_at = excluded.created_at, expires_at = excluded.expires_at`,
      [s.tokenHash, s.kind, s.username, s.createdAt, s.expiresAt],
      { kind: 'sessions', added: [s], removed: [] },
    );
  }

  async remove(tokenHashes: string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    await inTransaction(this.db, async (client) => {
      await client.query<Row>('DELETE FROM sessions WHERE token_hash = ANY($1)', [tokenHashes]);
      // an announcement holds at most 8000 bytes: a user's many logins go in slices
      for (let i = 0; i < tokenHashes.length; i += 50) {
        const removed = tokenHashes.slice(i, i + 50);
        await notifyChange(client, this.db, { kind: 'sessions', added: [], removed });
      }
    });
  }

  async removeExpired(now: number): Promise<void> {
    await this.db.pool.query<Row>('DELETE FROM sessions WHERE expires_at <= $1', [now]);
  }
}
