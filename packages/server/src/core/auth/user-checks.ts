import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH, newPasswordProblem } from '@tsnacos/protocol';
import { conflict, invalid } from '../../shared/errors.js';
import { KNOWN_ROLES, ROLE_ADMIN, type User } from './user-model.js';
import { isIdentityAmong } from './user-names.js';

const VALID_USERNAME = /^[\p{L}\p{N}_\-.@]+$/u;
const MAX_USERNAME = 64;
const MAX_NICKNAME = 128;

/** Whether a name can be a user here (letters, digits and _ - . @, at most 64 characters). */
export function isValidUsername(username: string): boolean {
  return username.length > 0 && username.length <= MAX_USERNAME && VALID_USERNAME.test(username);
}

export function checkUsername(username: string): string {
  if (!username) throw invalid('username is required');
  if (username.length > MAX_USERNAME) throw invalid(`username is longer than ${MAX_USERNAME} characters`);
  if (!VALID_USERNAME.test(username)) throw invalid(`invalid username: ${username} (letters, digits and _ - . @)`);
  return username;
}

export function checkNickname(nickname: string): string {
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
export function checkPassword(password: string): string {
  const problem = newPasswordProblem(password);
  if (problem) throw invalid(PASSWORD_REFUSALS[problem]);
  return password;
}

export function checkRoles(roles: string[]): string[] {
  const unique = [...new Set(roles.map((r) => r.trim()).filter(Boolean))];
  if (unique.length === 0) throw invalid('user roles is empty');
  const unknown = unique.filter((r) => !(KNOWN_ROLES as readonly string[]).includes(r));
  if (unknown.length > 0) throw invalid(`unknown role: ${unknown.join(',')} (0 admin, 1 developer, 2 guest)`);
  return unique;
}

export const LAST_ADMIN_MESSAGE = 'at least one admin must be reserved!';
const OWN_ADMIN_MESSAGE = 'you cannot take the admin role from your own account or disable it';

export function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((r) => b.includes(r));
}

/**
 * Refuses a change (`next`, or undefined for a removal) that would leave no enabled admin who can act (a
 * spelling beside another one's never does), or that would take an admin's own rights.
 */
export function checkAdminsRemain(
  stored: ReadonlyMap<string, User>,
  current: User,
  next: User | undefined,
  actor: string | undefined,
): void {
  const after = new Map(stored);
  if (next) after.set(next.username, next);
  else after.delete(current.username);
  if (actingAdminCount(after) === 0 && actingAdminCount(stored) > 0) throw conflict(LAST_ADMIN_MESSAGE);
  const losesAdmin = isEnabledAdmin(current) && !(next && isEnabledAdmin(next));
  if (next && losesAdmin && actor === current.username) throw conflict(OWN_ADMIN_MESSAGE);
}

function actingAdminCount(users: ReadonlyMap<string, User>): number {
  let n = 0;
  for (const user of users.values()) if (isEnabledAdmin(user) && isIdentityAmong(users.values(), user)) n++;
  return n;
}

function isEnabledAdmin(user: User): boolean {
  return user.enabled && user.roles.includes(ROLE_ADMIN);
}

/** Users of an LDAP directory or an OAuth2 provider log in there: they have no password here. */
export function isExternalUser(user: Pick<User, 'source'>): boolean {
  return user.source !== null && user.source !== 'INNER';
}

/** Why an external user's password cannot be set or reset here. */
export function externalPasswordMessage(user: Pick<User, 'username' | 'source'>): string {
  return user.source === 'LDAP'
    ? ldapPasswordMessage(user.username)
    : `${user.username} is an OAuth2 user: they sign in through the OAuth2 provider and have no password here`;
}

/** An LDAP user's role follows the directory's groups. */
export function checkDirectoryEdit(current: User, roles: string[] | undefined): void {
  if (roles !== undefined && !sameRoles(checkRoles(roles), current.roles)) {
    throw invalid(
      `${current.username} is an LDAP user: the role follows the directory groups (RNACOS_LDAP_USER_ADMIN_GROUP, RNACOS_LDAP_USER_DEVELOPER_GROUP) at each login`,
    );
  }
}

export function ldapPasswordMessage(username: string): string {
  return `${username} is an LDAP user: the password is kept by the directory, change it there`;
}
