import type { User } from './user-model.js';

/**
 * The form user names are compared in: Unicode compatibility forms joined (NFKC: fullwidth letters,
 * ligatures) and the case folded. Lower, upper, then lower case again also joins what lower case alone keeps
 * apart (ß, ẞ and SS; ſ and s). LDAP directories and most providers match names without case, so every
 * spelling that folds alike is one account there and must be one user here; folding more than they do can
 * only refuse a name.
 */
export function foldName(name: string): string {
  return name.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');
}

/** User names have at most 64 characters; a compatibility spelling of one a few times that. */
const LONGEST_SPELLING = 256;

const isLocal = (user: User) => user.source === null || user.source === 'INNER';

/**
 * Which of several users whose names fold alike (recorded by releases that compared names exactly) is the
 * one every spelling means: a local user first (a directory or provider never gets around a local account),
 * then a disabled one (an admin's "no" holds for every spelling), then the first recorded. The others never
 * act: no login, session or remembered password of theirs is honoured; an admin deletes them.
 */
export function identityOrder(a: User, b: User): number {
  const rank = (u: User) => (isLocal(u) ? 0 : 2) + (u.enabled ? 1 : 0);
  return rank(a) - rank(b) || a.createdAt - b.createdAt || (a.username < b.username ? -1 : 1);
}

/** The user any spelling of `name` means among `users` (a store's committed rows); O(users). */
export function identityAmong(users: Iterable<User>, name: string): User | undefined {
  const folded = foldName(name);
  let found: User | undefined;
  for (const user of users) {
    if (foldName(user.username) === folded && (!found || identityOrder(user, found) < 0)) found = user;
  }
  return found;
}

/** Whether `user` is the one its spelling means among `users`, rather than another spelling beside it. */
export function isIdentityAmong(users: Iterable<User>, user: User): boolean {
  return identityAmong(users, user.username)?.username === user.username;
}

/** Users by exact name and by folded name (each folded name's users in identity order), for reads. */
export class UserNames {
  private readonly byName = new Map<string, User>();
  private readonly byFold = new Map<string, User[]>();
  /** Each stored name folded once: `acting` runs on every request with a token, and folding costs. */
  private readonly foldOf = new Map<string, string>();

  get size(): number {
    return this.byName.size;
  }

  get(username: string): User | undefined {
    return this.byName.get(username);
  }

  /** The user any spelling of `name` means. */
  identityOf(name: string): User | undefined {
    // no user's name is that long in any spelling: a name sent by anyone is not folded at any length
    if (name.length > LONGEST_SPELLING) return undefined;
    return this.byFold.get(foldName(name))?.[0];
  }

  /** The user of exactly this name while it is the one its spelling means; two map reads, no folding. */
  acting(username: string): User | undefined {
    const folded = this.foldOf.get(username);
    const first = folded === undefined ? undefined : this.byFold.get(folded)?.[0];
    return first?.username === username ? first : undefined;
  }

  values(): IterableIterator<User> {
    return this.byName.values();
  }

  /** Users that are another spelling of an identity (left by older releases). */
  strays(): Array<{ stray: User; identity: User }> {
    const found: Array<{ stray: User; identity: User }> = [];
    for (const [identity, ...others] of this.byFold.values()) {
      for (const stray of others) found.push({ stray, identity });
    }
    return found;
  }

  set(user: User): void {
    this.delete(user.username);
    this.byName.set(user.username, user);
    const folded = foldName(user.username);
    this.foldOf.set(user.username, folded);
    const spellings = this.byFold.get(folded) ?? [];
    spellings.push(user);
    this.byFold.set(folded, spellings.sort(identityOrder));
  }

  delete(username: string): void {
    const folded = this.foldOf.get(username);
    if (folded === undefined) return;
    this.byName.delete(username);
    this.foldOf.delete(username);
    const rest = (this.byFold.get(folded) ?? []).filter((u) => u.username !== username);
    if (rest.length > 0) this.byFold.set(folded, rest);
    else this.byFold.delete(folded);
  }

  clear(): void {
    this.byName.clear();
    this.byFold.clear();
    this.foldOf.clear();
  }
}
