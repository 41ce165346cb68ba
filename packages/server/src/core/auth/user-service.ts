import type { Clock } from '../../shared/clock.js';
import { conflict, invalid, NacosError, notFound } from '../../shared/errors.js';
import { DEFAULT_PASSWORD, hashInitialPassword, hashPassword, verifyPassword } from './password.js';
import { mergePrivilege } from './permissions.js';
import {
  checkAdminsRemain,
  checkDirectoryEdit,
  checkNickname,
  checkPassword,
  checkRoles,
  checkUsername,
  externalPasswordMessage,
  isExternalUser,
  sameRoles,
} from './user-checks.js';
import { ROLE_ADMIN, type NamespacePrivilege, type User, type UserSource } from './user-model.js';
import { identityAmong, UserNames } from './user-names.js';
import type { UserStore } from './user-store.js';

export { externalPasswordMessage, isExternalUser, LAST_ADMIN_MESSAGE, ldapPasswordMessage } from './user-checks.js';

export interface NewUser {
  username: string;
  password: string;
  nickname?: string;
  roles: string[];
  enabled?: boolean;
  namespacePrivilege?: Partial<Omit<NamespacePrivilege, 'enabled'>>;
}

/** Absent fields keep their value. */
export interface UserUpdate {
  username: string;
  nickname?: string;
  password?: string;
  enabled?: boolean;
  roles?: string[];
  namespacePrivilege?: Partial<Omit<NamespacePrivilege, 'enabled'>>;
}

/** A user an external provider logged in (see `recordExternal`). */
export interface ExternalUser {
  username: string;
  nickname: string;
  source: Exclude<UserSource, 'INNER'>;
  /** Roles to set on every login; undefined: keep the stored ones. */
  roles?: string[];
  /** Roles of a user seen for the first time when `roles` is undefined. */
  newRoles: string[];
  /** Namespaces of a user seen for the first time; absent fields: every namespace. */
  newPrivilege?: Partial<Omit<NamespacePrivilege, 'enabled'>>;
}

export interface UserQuery {
  likeUsername?: string;
  descending?: boolean;
  offset: number;
  limit: number;
}

/**
 * `endSessions`: the user's identity or rights changed, so every login of that user must end, except
 * `keepSession` (a user changing their own password stays logged in where they did it). A returned promise
 * is awaited before the change is answered.
 */
export type UserChangeListener = (username: string, endSessions: boolean, keepSession?: string) => unknown;

const OWN_ACCOUNT_REMOVE_MESSAGE = 'you cannot delete your own account';

/** Who asks for a change: an admin may not lock themselves out (another admin can). */
export interface ChangeContext {
  /** The session to keep when a user changes their own password. */
  keepSession?: string;
  /** The user making the change, when it comes from a console session. */
  actor?: string;
}

/**
 * Console users. Reads from memory; writes go through the store first. Writes are serialized so the
 * "one admin must remain" rule holds under concurrent requests. A name is one user whatever its case
 * (`user-names.ts`): every write decides that on the store's rows, every login resolves through it.
 */
export class UserService {
  private readonly names = new UserNames();
  private readonly listeners = new Set<UserChangeListener>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly store: UserStore,
    private readonly clock: Clock,
  ) {}

  static async create(store: UserStore, clock: Clock): Promise<UserService> {
    const service = new UserService(store, clock);
    for (const user of await store.loadAll()) service.names.set(user);
    return service;
  }

  /** The user stored under exactly this name (what an admin edits). */
  get(username: string): User | undefined {
    return this.names.get(username);
  }

  /** The user any spelling of `name` means: what a login under that name reaches. */
  resolve(name: string): User | undefined {
    return this.names.identityOf(name);
  }

  /**
   * The user stored under exactly this name while it is the one its spelling means: sessions, remembered
   * SDK passwords and password logins name a user exactly, and another spelling left beside it by an older
   * release never acts.
   */
  actingUser(username: string): User | undefined {
    return this.names.acting(username);
  }

  /** Users stored beside another spelling of their name, and the user that name means. */
  strays(): Array<{ stray: User; identity: User }> {
    return this.names.strays();
  }

  count(): number {
    return this.names.size;
  }

  all(): User[] {
    return [...this.names.values()];
  }

  /** Filtered by `likeUsername` (substring) first, then ordered by username and paged. */
  list(query: UserQuery): { total: number; items: User[] } {
    const like = query.likeUsername ?? '';
    const matched = this.all()
      .filter((u) => u.username.includes(like))
      .sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
    if (query.descending) matched.reverse();
    return { total: matched.length, items: matched.slice(query.offset, query.offset + query.limit) };
  }

  onChange(listener: UserChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Creates the first admin when the store has no user at all; true if it did. */
  async ensureInitialAdmin(username: string, password: string): Promise<boolean> {
    return this.serialized(async () => {
      // users are loaded at start: a store with users skips the costly hash
      if (this.names.size > 0) return false;
      // the well-known default stays possible (r-nacos's first start; the console warns while it is in use)
      const passwordHash = await hashInitialPassword(
        password === DEFAULT_PASSWORD ? password : checkPassword(password),
      );
      const user = this.newUser({ username, password, nickname: username, roles: [ROLE_ADMIN] }, passwordHash);
      const created = await this.store.change((stored) =>
        stored.size > 0 ? { result: false } : { save: user, result: true },
      );
      if (!created) return false;
      this.names.set(user);
      await this.emit(user.username, false);
      return true;
    });
  }

  /** Refused when any user's name differs from this one only in case (or width): it would be a second one. */
  async add(input: NewUser): Promise<User> {
    return this.serialized(async () => {
      const user = this.newUser(input, await hashPassword(checkPassword(input.password)));
      await this.store.change((stored) => {
        const taken = identityAmong(stored.values(), user.username);
        if (taken) {
          const as = taken.username === user.username ? '' : ` as ${taken.username}`;
          throw conflict(`user ${input.username} already exists${as}`);
        }
        return { save: user, result: undefined };
      });
      this.names.set(user);
      await this.emit(user.username, false);
      return user;
    });
  }

  async update(input: UserUpdate, context: ChangeContext = {}): Promise<User> {
    return this.serialized(async () => {
      const passwordChanged = input.password !== undefined && input.password !== '';
      const newHash = passwordChanged ? await hashPassword(checkPassword(input.password!)) : undefined;
      const { current, next } = await this.store
        .change((stored) => {
          const current = stored.get(input.username);
          if (!current) throw notFound(`user ${input.username} does not exist`);
          // an LDAP or OAuth2 user logs in there: a password set here would never be asked for
          if (passwordChanged && isExternalUser(current)) throw invalid(externalPasswordMessage(current));
          if (current.source === 'LDAP') checkDirectoryEdit(current, input.roles);
          const roles = input.roles === undefined ? current.roles : checkRoles(input.roles);
          const enabled = input.enabled ?? current.enabled;
          const next: User = {
            ...current,
            nickname:
              input.nickname === undefined || input.nickname === '' ? current.nickname : checkNickname(input.nickname),
            passwordHash: newHash ?? current.passwordHash,
            enabled,
            roles,
            namespacePrivilege: input.namespacePrivilege
              ? mergePrivilege(current.namespacePrivilege, input.namespacePrivilege)
              : current.namespacePrivilege,
            modifiedAt: this.clock.now(),
          };
          checkAdminsRemain(stored, current, next, context.actor);
          return { save: next, result: { current, next } };
        })
        .catch((err: unknown) => {
          // the store has no such user (any more): neither has this node
          if (err instanceof NacosError && err.kind === 'not_found') this.remember(input.username, undefined);
          throw err;
        });
      const shifted = this.remember(next.username, next);
      const rolesChanged = !sameRoles(next.roles, current.roles);
      const endSessions = passwordChanged || rolesChanged || !next.enabled;
      await this.emitChange(next.username, endSessions, shifted, context.keepSession);
      return next;
    });
  }

  /**
   * Records a user the LDAP directory has just accepted under `name` (any spelling: the stored user of that
   * name keeps its own), with the role its groups give: created on the first login, its roles replaced when
   * they changed (the directory decides; the last-admin rule does not hold them). A local user of that name
   * is never touched. Resolves the stored user.
   */
  async syncDirectoryUser(name: string, roles: string[]): Promise<User> {
    return this.serialized(async () => {
      const wanted = checkRoles(roles);
      const { user, created, rolesChanged } = await this.store.change((stored) => {
        const current = identityAmong(stored.values(), name);
        if (current && current.source !== 'LDAP') throw conflict(`${current.username} is a local user`);
        if (current && sameRoles(current.roles, wanted))
          return { result: { user: current, created: false, rolesChanged: false } };
        const now = this.clock.now();
        const user: User = current
          ? { ...current, roles: wanted, modifiedAt: now }
          : { ...this.newUser({ username: name, password: '', nickname: name, roles: wanted }, ''), source: 'LDAP' };
        return { save: user, result: { user, created: !current, rolesChanged: current !== undefined } };
      });
      const shifted = this.remember(user.username, user);
      if (created || rolesChanged || shifted.length > 0) await this.emitChange(user.username, rolesChanged, shifted);
      return user;
    });
  }

  /** Resolves false when the store had no such user (by its exact name: strays are removed this way too). */
  async remove(username: string, context: ChangeContext = {}): Promise<boolean> {
    return this.serialized(async () => {
      const removed = await this.store.change((stored) => {
        const current = stored.get(username);
        if (!current) return { result: false };
        checkAdminsRemain(stored, current, undefined, context.actor);
        if (context.actor === username) throw conflict(OWN_ACCOUNT_REMOVE_MESSAGE);
        return { remove: username, result: true };
      });
      const shifted = this.remember(username, undefined);
      if (removed) await this.emitChange(username, true, shifted);
      return removed;
    });
  }

  /**
   * Records a user an external provider vouched for (`source`) under `input.username` (any spelling: a
   * stored user of that name keeps its own): created on the first login, nickname kept current, roles set
   * when `roles` is given (a role claim) and kept otherwise (an admin may have changed them). A local user
   * or one of another source with that name is refused: a provider must not be a way into an account it
   * does not own, nor record a second one beside it.
   */
  async recordExternal(input: ExternalUser): Promise<User> {
    return this.serialized(async () => {
      const now = this.clock.now();
      const { before, after } = await this.store.change((stored) => {
        const current = identityAmong(stored.values(), input.username);
        if (current && current.source !== input.source) {
          const as = current.username === input.username ? '' : ` as ${current.username}`;
          throw conflict(`user ${input.username} exists${as} and does not come from ${input.source}`);
        }
        const after: User = current
          ? {
              ...current,
              nickname: input.nickname ? checkNickname(input.nickname) : current.nickname,
              roles: input.roles ? checkRoles(input.roles) : current.roles,
              modifiedAt: now,
            }
          : {
              ...this.newUser(
                {
                  username: input.username,
                  password: '',
                  nickname: input.nickname,
                  roles: input.roles ?? input.newRoles,
                  namespacePrivilege: input.newPrivilege,
                },
                '',
              ),
              source: input.source,
            };
        return { save: after, result: { before: current, after } };
      });
      const shifted = this.remember(after.username, after);
      await this.emitChange(after.username, before !== undefined && !sameRoles(before.roles, after.roles), shifted);
      return after;
    });
  }

  /**
   * Re-reads every user from the store, after something wrote there directly (a data import). Users who are
   * gone, whose password, roles, privileges, source or status changed, or whose name now means another
   * spelling (or them instead of another) lose their sessions.
   */
  async reload(): Promise<void> {
    return this.serialized(async () => {
      const fresh = await this.store.loadAll();
      const before = new Map([...this.names.values()].map((u) => [u.username, u]));
      const actedBefore = new Set([...before.keys()].filter((name) => this.actingUser(name)));
      this.names.clear();
      for (const user of fresh) this.names.set(user);
      const ended: string[] = [];
      for (const [name, old] of before) {
        const now = this.names.get(name);
        const changed = !now || JSON.stringify(securityOf(now)) !== JSON.stringify(securityOf(old));
        if (changed || actedBefore.has(name) !== (this.actingUser(name) !== undefined)) ended.push(name);
      }
      for (const name of ended) await this.emit(name, true);
    });
  }

  /**
   * The user if it may log in with this password: known under exactly this name (as nacos), the one that
   * name means, enabled, local, and the password matches.
   */
  async authenticate(username: string, password: string): Promise<User | undefined> {
    const user = this.actingUser(username);
    if (!user || !user.enabled || (user.source !== null && user.source !== 'INNER')) return undefined;
    return (await verifyPassword(password, user.passwordHash)) ? user : undefined;
  }

  /** True while the user still has this exact password (used to warn about the default admin password). */
  async hasPassword(username: string, password: string): Promise<boolean> {
    const user = this.names.get(username);
    return user !== undefined && verifyPassword(password, user.passwordHash);
  }

  private newUser(input: NewUser, passwordHash: string): User {
    const now = this.clock.now();
    return {
      username: checkUsername(input.username),
      nickname: checkNickname(input.nickname ?? ''),
      passwordHash,
      enabled: input.enabled ?? true,
      roles: checkRoles(input.roles),
      extendInfo: {},
      namespacePrivilege: mergePrivilege(undefined, input.namespacePrivilege ?? {}),
      source: 'INNER',
      createdAt: now,
      modifiedAt: now,
    };
  }

  /**
   * Puts a committed write into memory (a user saved, or removed when undefined). Resolves the two users
   * when what their name means moved from one spelling to another with it: both lose their sessions.
   */
  private remember(username: string, user: User | undefined): string[] {
    const before = this.names.identityOf(username)?.username;
    if (user) this.names.set(user);
    else this.names.delete(username);
    const after = this.names.identityOf(username)?.username;
    return before !== undefined && after !== undefined && before !== after ? [before, after] : [];
  }

  private async emitChange(username: string, endSessions: boolean, shifted: string[], keepSession?: string) {
    await this.emit(username, endSessions || shifted.includes(username), keepSession);
    for (const other of shifted) if (other !== username) await this.emit(other, true);
  }

  /** Waits for the listeners: sessions a change ends are off the store before the change is answered. */
  private async emit(username: string, endSessions: boolean, keepSession?: string): Promise<void> {
    for (const listener of this.listeners) await listener(username, endSessions, keepSession);
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** What a session's rights depend on. */
function securityOf(user: User) {
  return [user.passwordHash, user.enabled, [...user.roles].sort(), user.namespacePrivilege, user.source];
}
