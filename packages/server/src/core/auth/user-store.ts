import type { User } from './user-model.js';

/** What one user write does: save a user, remove one, or nothing; `result` is what the caller gets. */
export interface UserChange<T> {
  save?: User;
  remove?: string;
  result: T;
}

/** Durable storage of console users; every call resolves once the change is on disk. */
export interface UserStore {
  loadAll(): Promise<User[]>;
  /**
   * Decides one write from the users as stored, by username, and writes it, in one transaction that no
   * other writer of users interleaves with (so "the user exists" and "one enabled admin remains" hold
   * against any other node). `decide` may throw to refuse: nothing is written.
   */
  change<T>(decide: (stored: ReadonlyMap<string, User>) => UserChange<T>): Promise<T>;
}
