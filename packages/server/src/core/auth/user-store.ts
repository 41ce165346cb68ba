import type { User } from './user-model.js';

/** Durable storage of console users; every call resolves once the change is on disk. */
export interface UserStore {
  loadAll(): Promise<User[]>;
  save(user: User): Promise<void>;
  remove(username: string): Promise<void>;
}
