import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH, newPasswordProblem } from '@tsnacos/protocol';
import type { Clock } from '../../shared/clock.js';
import { conflict, invalid, NacosError, notFound } from '../../shared/errors.js';
import { DEFAULT_PASSWORD, hashInitialPassword, hashPassword, verifyPassword } from './password.js';
import { mergePrivilege } from './permissions.js';
import { KNOWN_ROLES, ROLE_ADMIN, type NamespacePrivilege, type User, type UserSource } from './user-model.js';
import type { UserStore } from './user-store.js';

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

export const LAST_ADMIN_MESSAGE = 'at least one admin must be reserved!';
const OWN_ACCOUNT_REMOVE_MESSAGE = 'you cannot delete your own account';
const OWN_ADMIN_MESSAGE = 'you cannot take the admin role from your own account or disable it';

/** Who asks for a change: an admin may not lock themselves out (another admin can). */
export interface ChangeContext {
  /** The session to keep when a user changes their own password. */
  keepSession?: string;
  /** The user making the change, when it comes from a console session. */
  actor?: string;
}
const VALID_USERNAME = /^[\p{L}\p{N}_\-.@]+$/u;
const MAX_USERNAME = 64;
const MAX_NICKNAME = 128;

/**
 * Console users. Reads from memory; writes go through the store first. Writes are serialized so the
 * "one admin must remain" rule holds under concurrent requests.
 */
export class UserService {
  private readonly byName = new Map<string, User>();
  private readonly listeners = new Set<UserChangeListener>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly store: UserStore,
    private readonly clock: Clock,
  ) {}

  static async create(store: UserStore, clock: Clock): Promise<UserService> {
    const service = new UserService(store, clock);
    for (const user of await store.loadAll()) service.byName.set(user.username, user);
    return service;
  }

  get(username: string): User | undefined {
    return this.byName.get(username);
  }

  count(): number {
    return this.byName.size;
  }

  all(): User[] {
    return [...this.byName.values()];
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
      if (this.byName.size > 0) return false;
      // the well-known default stays possible (r-nacos's first start; the console warns while it is in use)
      const passwordHash = await hashInitialPassword(
        password === DEFAULT_PASSWORD ? password : checkPassword(password),
      );
      const user = this.newUser({ username, password, nickname: username, roles: [ROLE_ADMIN] }, passwordHash);
      const created = await this.store.change((stored) =>
        stored.size > 0 ? { result: false } : { save: user, result: true },
      );
      if (!created) return false;
      this.byName.set(user.username, user);
      await this.emit(user.username, false);
      return true;
    });
  }

  async add(input: NewUser): Promise<User> {
    return this.serialized(async () => {
      const user = this.newUser(input, await hashPassword(checkPassword(input.password)));
      await this.store.change((stored) => {
        if (stored.has(user.username)) throw conflict(`user ${input.username} already exists`);
        return { save: user, result: undefined };
      });
      this.byName.set(user.username, user);
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
          if (current.source === 'LDAP') checkDirectoryEdit(current, input, passwordChanged);
          const roles = input.roles === undefined ? current.roles : checkRoles(input.roles);
          const enabled = input.enabled ?? current.enabled;
          const losesAdmin = isEnabledAdmin(current) && !(enabled && roles.includes(ROLE_ADMIN));
          if (losesAdmin && enabledAdminCount(stored) <= 1) throw conflict(LAST_ADMIN_MESSAGE);
          if (losesAdmin && context.actor === current.username) throw conflict(OWN_ADMIN_MESSAGE);
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
          return { save: next, result: { current, next } };
        })
        .catch((err: unknown) => {
          // the store has no such user (any more): neither has this node
          if (err instanceof NacosError && err.kind === 'not_found') this.byName.delete(input.username);
          throw err;
        });
      this.byName.set(next.username, next);
      const rolesChanged = !sameRoles(next.roles, current.roles);
      await this.emit(next.username, passwordChanged || rolesChanged || !next.enabled, context.keepSession);
      return next;
    });
  }

  /**
   * Records a user the LDAP directory has just accepted, with the role its groups give: created on the first
   * login, its roles replaced when they changed (the directory decides; the last-admin rule does not hold
   * them). A local user of that name is never touched. Resolves the stored user.
   */
  async syncDirectoryUser(username: string, roles: string[]): Promise<User> {
    return this.serialized(async () => {
      const wanted = checkRoles(roles);
      const { user, created, rolesChanged } = await this.store.change((stored) => {
        const current = stored.get(username);
        if (current && current.source !== 'LDAP') throw conflict(`${username} is a local user`);
        if (current && sameRoles(current.roles, wanted))
          return { result: { user: current, created: false, rolesChanged: false } };
        const now = this.clock.now();
        const user: User = current
          ? { ...current, roles: wanted, modifiedAt: now }
          : { ...this.newUser({ username, password: '', nickname: username, roles: wanted }, ''), source: 'LDAP' };
        return { save: user, result: { user, created: !current, rolesChanged: current !== undefined } };
      });
      this.byName.set(username, user);
      if (created || rolesChanged) await this.emit(username, rolesChanged);
      return user;
    });
  }

  /** Resolves false when the store had no such user. */
  async remove(username: string, context: ChangeContext = {}): Promise<boolean> {
    return this.serialized(async () => {
      const removed = await this.store.change((stored) => {
        const current = stored.get(username);
        if (!current) return { result: false };
        if (isEnabledAdmin(current) && enabledAdminCount(stored) <= 1) throw conflict(LAST_ADMIN_MESSAGE);
        if (context.actor === username) throw conflict(OWN_ACCOUNT_REMOVE_MESSAGE);
        return { remove: username, result: true };
      });
      this.byName.delete(username);
      if (removed) await this.emit(username, true);
      return removed;
    });
  }

  /**
   * Records a user an external provider vouched for (`source`): created on the first login, nickname kept
   * current, roles set when `roles` is given (a role claim) and kept otherwise (an admin may have changed
   * them). A local user or one of another source with the same name is refused: a provider must not be a
   * way into an account it does not own.
   */
  async recordExternal(input: ExternalUser): Promise<User> {
    return this.serialized(async () => {
      const now = this.clock.now();
      const { before, after } = await this.store.change((stored) => {
        const current = stored.get(input.username);
        if (current && current.source !== input.source) {
          throw conflict(`user ${input.username} exists and does not come from ${input.source}`);
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
                },
                '',
              ),
              source: input.source,
            };
        return { save: after, result: { before: current, after } };
      });
      this.byName.set(after.username, after);
      await this.emit(after.username, before !== undefined && !sameRoles(before.roles, after.roles));
      return after;
    });
  }

  /**
   * Re-reads every user from the store, after something wrote there directly (a data import). Users who are
   * gone or whose password, roles, privileges, source or status changed lose their sessions.
   */
  async reload(): Promise<void> {
    return this.serialized(async () => {
      const fresh = new Map((await this.store.loadAll()).map((u) => [u.username, u]));
      const ended: string[] = [];
      for (const [name, before] of this.byName) {
        const after = fresh.get(name);
        if (!after || JSON.stringify(securityOf(after)) !== JSON.stringify(securityOf(before))) ended.push(name);
      }
      this.byName.clear();
      for (const [name, user] of fresh) this.byName.set(name, user);
      for (const name of ended) await this.emit(name, true);
    });
  }

  /** The user if it may log in with this password: known, enabled, local, and the password matches. */
  async authenticate(username: string, password: string): Promise<User | undefined> {
    const user = this.byName.get(username);
    if (!user || !user.enabled || (user.source !== null && user.source !== 'INNER')) return undefined;
    return (await verifyPassword(password, user.passwordHash)) ? user : undefined;
  }

  /** True while the user still has this exact password (used to warn about the default admin password). */
  async hasPassword(username: string, password: string): Promise<boolean> {
    const user = this.byName.get(username);
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

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((r) => b.includes(r));
}

/** What a session's rights depend on. */
function securityOf(user: User) {
  return [user.passwordHash, user.enabled, [...user.roles].sort(), user.namespacePrivilege, user.source];
}

function enabledAdminCount(users: ReadonlyMap<string, User>): number {
  let n = 0;
  for (const user of users.values()) if (isEnabledAdmin(user)) n++;
  return n;
}

function isEnabledAdmin(user: User): boolean {
  return user.enabled && user.roles.includes(ROLE_ADMIN);
}

/** An LDAP user's password lives in the directory and their role follows its groups. */
function checkDirectoryEdit(current: User, input: UserUpdate, passwordChanged: boolean): void {
  if (passwordChanged) throw invalid(ldapPasswordMessage(current.username));
  if (input.roles !== undefined && !sameRoles(checkRoles(input.roles), current.roles)) {
    throw invalid(
      `${current.username} is an LDAP user: the role follows the directory groups (RNACOS_LDAP_USER_ADMIN_GROUP, RNACOS_LDAP_USER_DEVELOPER_GROUP) at each login`,
    );
  }
}

export function ldapPasswordMessage(username: string): string {
  return `${username} is an LDAP user: the password is kept by the directory, change it there`;
}

/** Whether a name can be a user here (letters, digits and _ - . @, at most 64 characters). */
export function isValidUsername(username: string): boolean {
  return username.length > 0 && username.length <= MAX_USERNAME && VALID_USERNAME.test(username);
}

function checkUsername(username: string): string {
  if (!username) throw invalid('username is required');
  if (username.length > MAX_USERNAME) throw invalid(`username is longer than ${MAX_USERNAME} characters`);
  if (!VALID_USERNAME.test(username)) throw invalid(`invalid username: ${username} (letters, digits and _ - . @)`);
  return username;
}

function checkNickname(nickname: string): string {
  if (nickname.length > MAX_NICKNAME) throw invalid(`nickname is longer than ${MAX_NICKNAME} characters`);
  return nickname;
}

const PASSWORD_REFUSALS = {
  required: 'password is required',
  blank: 'password must not be blank (only spaces or invisible characters)',
  too_short: `password must have at least ${MIN_PASSWORD_LENGTH} characters`,
  too_long: `password is longer than ${MAX_PASSWORD_BYTES} bytes`,
};

/** Every password set from now on follows the console's rule; stored ones (shorter, say) still log in. */
function checkPassword(password: string): string {
  const problem = newPasswordProblem(password);
  if (problem) throw invalid(PASSWORD_REFUSALS[problem]);
  return password;
}

function checkRoles(roles: string[]): string[] {
  const unique = [...new Set(roles.map((r) => r.trim()).filter(Boolean))];
  if (unique.length === 0) throw invalid('user roles is empty');
  const unknown = unique.filter((r) => !(KNOWN_ROLES as readonly string[]).includes(r));
  if (unknown.length > 0) throw invalid(`unknown role: ${unknown.join(',')} (0 admin, 1 developer, 2 guest)`);
  return unique;
}
