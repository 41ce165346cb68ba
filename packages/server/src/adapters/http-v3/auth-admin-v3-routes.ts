import type { FastifyInstance } from 'fastify';
import type { UserService } from '../../core/auth/user-service.js';
import { ROLE_ADMIN, ROLE_DEVELOPER, ROLE_GUEST, type User } from '../../core/auth/user-model.js';
import { invalid } from '../../shared/errors.js';
import { optional, requestParams, type Params } from '../http-common/params.js';
import { ok } from '../http-common/nacos-result.js';
import { NO_NAMESPACE } from '../http-v1/request-namespace.js';
import { pageBody, pageOf, required } from './v3-params.js';

/** nacos requires its admin role (console resources `users`, `roles`); users are not namespaced. nacos refuses
 * bad input here with IllegalArgumentException: 400 / 20002. */
const ROUTE = { config: { namespace: NO_NAMESPACE, adminOnly: true } };

/**
 * tsnacos's roles are fixed: nacos's built-in `ROLE_ADMIN`, and the developer (read and write) and guest
 * (read only) roles under nacos-style names. A user's namespaces are its own privilege, set in the console.
 */
const ROLE_CODES: Record<string, string> = {
  ROLE_ADMIN: ROLE_ADMIN,
  ROLE_DEVELOPER: ROLE_DEVELOPER,
  ROLE_GUEST: ROLE_GUEST,
};
/** Where a user created here may go: nowhere, until the console grants namespaces. */
const NO_NAMESPACES = { whitelistIsAll: false, whitelist: [], blacklistIsAll: true, blacklist: [] };
const ROLE_NAMES = Object.fromEntries(Object.entries(ROLE_CODES).map(([name, code]) => [code, name]));

function roleCodeOf(params: Params): string {
  const name = required(params, 'role');
  const code = ROLE_CODES[name];
  if (!code) throw invalid(`unknown role ${name}: tsnacos has the roles ${Object.keys(ROLE_CODES).join(', ')}`);
  return code;
}

function userOf(users: UserService, username: string): User {
  const user = users.get(username);
  if (!user) throw invalid(`user ${username} not exist!`);
  return user;
}

/** `accurate` (the default) matches the whole name; `blur` a part, `*` as a wildcard. */
function nameMatcher(params: Params, field: string): (name: string) => boolean {
  const wanted = optional(params, field);
  if (!wanted) return () => true;
  if ((optional(params, 'search') ?? 'accurate') !== 'blur') return (name) => name === wanted;
  const part = wanted.replaceAll('*', '');
  return (name) => name.includes(part);
}

/**
 * `/nacos/v3/auth/user` and `/nacos/v3/auth/role`: nacos 3's user and role admin API on the console's
 * users (same store, same "one admin remains" rule). Password hashes are never answered.
 */
export function registerAuthAdminV3Routes(app: FastifyInstance, users: UserService): void {
  const USER = '/nacos/v3/auth/user';
  const ROLE = '/nacos/v3/auth/role';

  // A nacos user starts with no role and so reaches nothing; a tsnacos user always holds one, so it starts
  // as a guest of no namespace: it reaches nothing until an admin grants namespaces (console privilege).
  app.post(USER, ROUTE, async (req) => {
    const params = requestParams(req);
    const username = required(params, 'username');
    const password = required(params, 'password');
    if (users.get(username)) throw invalid(`user '${username}' already exist!`);
    await users.add({ username, password, roles: [ROLE_GUEST], namespacePrivilege: NO_NAMESPACES });
    return ok('create user ok!');
  });

  // nacos 3's first-admin setup (its console's first page): allowed only while no admin exists. tsnacos
  // creates its admin at the first start (RNACOS_INIT_ADMIN_*) and never lets the last one go, so it
  // answers what nacos does once an admin exists.
  app.post(`${USER}/admin`, { config: { namespace: NO_NAMESPACE } }, async () => ({
    code: 409,
    message: 'have admin user cannot use it.',
    data: null,
  }));

  app.put(USER, ROUTE, async (req) => {
    const params = requestParams(req);
    const username = required(params, 'username');
    userOf(users, username);
    await users.update({ username, password: required(params, 'newPassword') });
    return ok('update user ok!');
  });

  app.delete(USER, ROUTE, async (req) => {
    const username = required(requestParams(req), 'username');
    userOf(users, username);
    await users.remove(username);
    return ok('delete user ok!');
  });

  app.get(`${USER}/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    const { pageNo, pageSize, offset } = pageOf(params);
    const matches = nameMatcher(params, 'username');
    const all = users.all().filter((u) => matches(u.username));
    const items = all.slice(offset, offset + pageSize).map((u) => ({ username: u.username, password: '' }));
    return ok(pageBody(all.length, pageNo, pageSize, items));
  });

  app.get(`${USER}/search`, ROUTE, async (req) => {
    const part = required(requestParams(req), 'username');
    return ok(
      users
        .all()
        .map((u) => u.username)
        .filter((name) => name.includes(part)),
    );
  });

  app.post(ROLE, ROUTE, async (req) => {
    const params = requestParams(req);
    const code = roleCodeOf(params);
    const user = userOf(users, required(params, 'username'));
    if (!user.roles.includes(code)) await users.update({ username: user.username, roles: [...user.roles, code] });
    return ok('add role ok!');
  });

  // without a username the role is taken from every user, as nacos deletes a role
  app.delete(ROLE, ROUTE, async (req) => {
    const params = requestParams(req);
    const code = roleCodeOf(params);
    const username = optional(params, 'username');
    const holders = username ? [userOf(users, username)] : users.all().filter((u) => u.roles.includes(code));
    for (const user of holders) {
      await users.update({ username: user.username, roles: user.roles.filter((r) => r !== code) });
    }
    return ok(`delete role of user ${username ?? ''} ok!`);
  });

  app.get(`${ROLE}/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    const { pageNo, pageSize, offset } = pageOf(params);
    const userMatches = nameMatcher(params, 'username');
    const roleMatches = nameMatcher(params, 'role');
    const bindings = users
      .all()
      .filter((u) => userMatches(u.username))
      .flatMap((u) =>
        u.roles.filter((code) => ROLE_NAMES[code]).map((code) => ({ role: ROLE_NAMES[code], username: u.username })),
      )
      .filter((b) => roleMatches(b.role));
    return ok(pageBody(bindings.length, pageNo, pageSize, bindings.slice(offset, offset + pageSize)));
  });

  app.get(`${ROLE}/search`, ROUTE, async (req) => {
    const part = required(requestParams(req), 'role');
    return ok(Object.keys(ROLE_CODES).filter((name) => name.includes(part)));
  });
}
