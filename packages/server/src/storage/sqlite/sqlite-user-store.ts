import { ALL_NAMESPACES, type NamespacePrivilege, type User, type UserSource } from '../../core/auth/user-model.js';
import type { UserChange, UserStore } from '../../core/auth/user-store.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';

type Row = Record<string, unknown>;

function parseJson<T>(text: unknown, fallback: T): T {
  try {
    return JSON.parse(String(text)) as T;
  } catch {
    return fallback;
  }
}

export function toUser(r: Row): User {
  const privilege = parseJson<Partial<NamespacePrivilege>>(r.namespace_privilege, {});
  return {
    username: String(r.username),
    nickname: String(r.nickname),
    passwordHash: String(r.password_hash),
    enabled: Number(r.enabled) === 1,
    roles: parseJson<string[]>(r.roles, []),
    extendInfo: parseJson<Record<string, string>>(r.extend_info, {}),
    // eslint-disable-next-line no-restricted-syntax -- stored JSON: a spread never takes a __proto__ key as a prototype
    namespacePrivilege: { ...ALL_NAMESPACES, ...privilege },
    source: typeof r.source === 'string' ? (r.source as UserSource) : null,
    createdAt: Number(r.created_at),
    modifiedAt: Number(r.modified_at),
  };
}

/** Statement parameters of a user row (also used by the transfer store). */
export function userParams(user: User) {
  return {
    username: user.username,
    nickname: user.nickname,
    passwordHash: user.passwordHash,
    enabled: user.enabled ? 1 : 0,
    roles: JSON.stringify(user.roles),
    extendInfo: JSON.stringify(user.extendInfo),
    privilege: JSON.stringify(user.namespacePrivilege),
    source: user.source,
    createdAt: user.createdAt,
    modifiedAt: user.modifiedAt,
  };
}

export class SqliteUserStore implements UserStore {
  constructor(private readonly db: SqliteDatabase) {}

  async loadAll(): Promise<User[]> {
    return (this.db.prepare('SELECT * FROM users ORDER BY username').all() as Row[]).map(toUser);
  }

  async change<T>(decide: (stored: ReadonlyMap<string, User>) => UserChange<T>): Promise<T> {
    // one writer holds the database at a time: the decision and the write are one transaction
    return groupCommitOf(this.db).run(() => {
      const rows = this.db.prepare('SELECT * FROM users').all() as Row[];
      const { save, remove, result } = decide(new Map(rows.map((r) => [String(r.username), toUser(r)])));
      if (save) this.db.prepare(UPSERT_USER).run(userParams(save));
      if (remove !== undefined) this.db.prepare('DELETE FROM users WHERE username = ?').run(remove);
      return result;
    });
  }
}

const UPSERT_USER = `INSERT INTO users (username, nickname, password_hash, enabled, roles, extend_info, namespace_privilege,
    source, created_at, modified_at)
  VALUES (@username, @nickname, @passwordHash, @enabled, @roles, @extendInfo, @privilege, @source, @createdAt,
    @modifiedAt)
  ON CONFLICT (username) DO UPDATE SET nickname = excluded.nickname, password_hash = excluded.password_hash,
    enabled = excluded.enabled, roles = excluded.roles, extend_info = excluded.extend_info,
    namespace_privilege = excluded.namespace_privilege, source = excluded.source,
    modified_at = excluded.modified_at`;
