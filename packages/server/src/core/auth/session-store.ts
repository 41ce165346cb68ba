/** Console logins (cookie `token`) and SDK logins (`accessToken`) never stand in for each other. */
export type SessionKind = 'console' | 'api';

/** A login as stored: the token itself is never kept, only its SHA-256. */
export interface StoredSession {
  tokenHash: string;
  kind: SessionKind;
  username: string;
  createdAt: number;
  expiresAt: number;
}

/** Durable storage of logins, so they outlive a restart; every call resolves once the change is on disk. */
export interface SessionStore {
  /** The sessions not expired at `now`. */
  loadLive(now: number): Promise<StoredSession[]>;
  add(session: StoredSession): Promise<void>;
  remove(tokenHashes: string[]): Promise<void>;
  removeExpired(now: number): Promise<void>;
}
