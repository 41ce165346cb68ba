import { hashPassword } from '../auth/password.js';
import { isAdmin } from '../auth/permissions.js';
import {
  ALL_NAMESPACES,
  KNOWN_ROLES,
  type NamespacePrivilege,
  type User,
  type UserSource,
} from '../auth/user-model.js';
import { foldName } from '../auth/user-names.js';
import type { SkippedRecord } from './import-plan.js';
import { T_USER } from './transfer-format.js';
import type { TransferNamespacePrivilege, TransferUser } from './transfer-model.js';

/** Namespace privilege flag bits of r-nacos user records. */
const ENABLE = 1;
const WHITELIST_IS_ALL = 2;
const BLACKLIST_IS_ALL = 4;

const BCRYPT_HASH = /^\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const MAX_USERNAME = 64;

function privilegeOf(p: TransferNamespacePrivilege | undefined): NamespacePrivilege {
  // Records without the ENABLE bit predate privileges: such users see every namespace.
  if (!p || (p.flags & ENABLE) === 0) return { ...ALL_NAMESPACES };
  return {
    enabled: true,
    whitelistIsAll: (p.flags & WHITELIST_IS_ALL) !== 0,
    whitelist: [...p.whitelist],
    blacklistIsAll: (p.flags & BLACKLIST_IS_ALL) !== 0,
    blacklist: [...p.blacklist],
  };
}

function transferPrivilegeOf(p: NamespacePrivilege): TransferNamespacePrivilege {
  const flags =
    (p.enabled ? ENABLE : 0) | (p.whitelistIsAll ? WHITELIST_IS_ALL : 0) | (p.blacklistIsAll ? BLACKLIST_IS_ALL : 0);
  return { flags, whitelist: [...p.whitelist], blacklist: [...p.blacklist] };
}

export function transferUserOf(u: User): TransferUser {
  return {
    username: u.username,
    nickname: u.nickname,
    password: '',
    passwordHash: u.passwordHash,
    gmtCreate: Math.floor(u.createdAt / 1000),
    gmtModified: Math.floor(u.modifiedAt / 1000),
    enable: u.enabled,
    roles: [...u.roles],
    extendInfo: { ...u.extendInfo },
    namespacePrivilege: transferPrivilegeOf(u.namespacePrivilege),
    source: u.source ?? undefined,
  };
}

/** A user of the file as it will be stored, or why it is left out. Legacy plaintext passwords get hashed. */
async function storedUserOf(t: TransferUser, now: number): Promise<User | string> {
  if (!t.username || t.username.length > MAX_USERNAME || /[\p{Cc}\s]/u.test(t.username)) return 'invalid username';
  let passwordHash = t.passwordHash ?? '';
  if (!passwordHash && t.password) passwordHash = await hashPassword(t.password);
  if (!BCRYPT_HASH.test(passwordHash)) return passwordHash ? 'the password hash is not bcrypt' : 'no password';
  const roles = [...new Set(t.roles)].filter((r) => (KNOWN_ROLES as readonly string[]).includes(r));
  if (roles.length === 0) return `no known role (${t.roles.join(',') || 'none'}; 0 admin, 1 developer, 2 guest)`;
  const source: UserSource = t.source === 'LDAP' || t.source === 'OAUTH2' ? t.source : 'INNER';
  return {
    username: t.username,
    nickname: t.nickname,
    passwordHash,
    enabled: t.enable,
    roles,
    extendInfo: { ...t.extendInfo },
    namespacePrivilege: privilegeOf(t.namespacePrivilege),
    source,
    createdAt: t.gmtCreate ? t.gmtCreate * 1000 : now,
    modifiedAt: t.gmtModified ? t.gmtModified * 1000 : now,
  };
}

const enabledAdmin = (u: User) => u.enabled && isAdmin(u.roles);

/**
 * The users an import writes (same username: overwritten). A name is one user whatever its case: a record
 * spelling a stored user's name (or an earlier record's) otherwise is skipped. An import never leaves the
 * server without an enabled admin: records that would take the last ones away are skipped.
 */
export async function planUsers(
  users: TransferUser[],
  existing: ReadonlyMap<string, User>,
  now: number,
): Promise<{ users: User[]; skipped: SkippedRecord[] }> {
  const skipped: SkippedRecord[] = [];
  const planned = new Map<string, User>();
  const spellings = new Map([...existing.keys()].map((name) => [foldName(name), name]));
  for (const t of users) {
    const verdict = await storedUserOf(t, now);
    const folded = foldName(t.username);
    const spelled = spellings.get(folded);
    if (typeof verdict === 'string') skipped.push({ table: T_USER, key: t.username, reason: verdict });
    else if (spelled !== undefined && spelled !== t.username && !existing.has(t.username)) {
      skipped.push({ table: T_USER, key: t.username, reason: `another spelling of the user ${spelled}` });
    } else {
      planned.set(verdict.username, verdict);
      if (spelled === undefined) spellings.set(folded, verdict.username);
    }
  }
  const after = new Map([...existing, ...planned]);
  if (![...after.values()].some(enabledAdmin) && [...existing.values()].some(enabledAdmin)) {
    for (const [name, user] of planned) {
      const before = existing.get(name);
      if (before && enabledAdmin(before) && !enabledAdmin(user)) {
        planned.delete(name);
        skipped.push({ table: T_USER, key: name, reason: 'it would leave no enabled admin' });
      }
    }
  }
  return { users: [...planned.values()], skipped };
}
