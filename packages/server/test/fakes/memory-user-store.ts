import type { User } from '../../src/core/auth/user-model.js';
import type { UserChange, UserStore } from '../../src/core/auth/user-store.js';

/** Users in a map, each change decided against what the map holds, as the real stores do. */
export class MemoryUserStore implements UserStore {
  rows = new Map<string, User>();

  async loadAll(): Promise<User[]> {
    return [...this.rows.values()];
  }

  async change<T>(decide: (stored: ReadonlyMap<string, User>) => UserChange<T>): Promise<T> {
    const { save, remove, result } = decide(new Map(this.rows));
    if (save) this.rows.set(save.username, save);
    if (remove !== undefined) this.rows.delete(remove);
    return result;
  }
}
