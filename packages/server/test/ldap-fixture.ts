import type { FastifyInstance } from 'fastify';
import { cookieOf, postConsoleLogin } from './console-helpers.js';
import { BASE_DN } from './ldap-server.js';

export const PEOPLE = `ou=people,${BASE_DN}`;
export const GROUPS = `ou=groups,${BASE_DN}`;
export const SERVICE_DN = `cn=nacos-svc,${BASE_DN}`;
export const SERVICE_PASSWORD = 'svc-secret';

const person = (cn: string, password: string, parent = PEOPLE) =>
  `dn: cn=${cn},${parent}\nobjectClass: inetOrgPerson\ncn: ${cn}\nsn: ${cn}\nuid: ${cn}\nuserPassword: ${password}\n`;

/**
 * The directory the LDAP tests log in against: alice an admin, bob a developer, carol in no group, dave in
 * a sub-OU (found only by a search), frank and grace in groups without memberOf, Hank (a capital in the
 * directory), an entry named like the local admin, and a service account.
 */
export const DIRECTORY = [
  `dn: ${PEOPLE}\nobjectClass: organizationalUnit\nou: people\n`,
  `dn: ou=contractors,${PEOPLE}\nobjectClass: organizationalUnit\nou: contractors\n`,
  `dn: ${GROUPS}\nobjectClass: organizationalUnit\nou: groups\n`,
  person('alice', 'alice-pw'),
  person('bob', 'bob-pw'),
  person('carol', 'carol-pw'),
  person('erin', 'erin-pw'),
  person('frank', 'frank-pw'),
  person('grace', 'grace-pw'),
  person('Hank', 'hank-pw'),
  person('admin', 'directory-admin-pw'),
  person('dave', 'dave-pw', `ou=contractors,${PEOPLE}`),
  `dn: ${SERVICE_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: nacos-svc\nuserPassword: ${SERVICE_PASSWORD}\n`,
  `dn: cn=nacos-admins,${GROUPS}\nobjectClass: groupOfNames\ncn: nacos-admins\nmember: cn=alice,${PEOPLE}\n`,
  `dn: cn=nacos-devs,${GROUPS}\nobjectClass: groupOfNames\ncn: nacos-devs\nmember: cn=bob,${PEOPLE}\nmember: cn=dave,ou=contractors,${PEOPLE}\n`,
  // groups that give no memberOf: found only by a search under the group base DN
  `dn: cn=other-devs,${GROUPS}\nobjectClass: posixGroup\ncn: other-devs\ngidNumber: 5001\nmemberUid: frank\n`,
  `dn: cn=unique-admins,${GROUPS}\nobjectClass: groupOfUniqueNames\ncn: unique-admins\nuniqueMember: cn=grace,${PEOPLE}\n`,
].join('\n');

/** LDIF that adds (or deletes) a member of a group. */
export function membership(change: 'add' | 'delete', group: string, user: string): string {
  return `dn: cn=${group},${GROUPS}\nchangetype: modify\n${change}: member\nmember: cn=${user},${PEOPLE}\n`;
}

export interface ConsoleLoginAnswer {
  success: boolean;
  code?: string;
  message?: string;
  token?: string;
}

/** The browser's console login (captcha + encrypted password), answering success or the refusal. */
export async function consoleLogin(app: FastifyInstance, username: string, password: string) {
  const res = await postConsoleLogin(app, username, password);
  const body = res.json();
  return { ...body, token: cookieOf(res, 'token') } as ConsoleLoginAnswer;
}

/** `/nacos/v1/auth/login` as the nacos SDKs call it. */
export async function sdkLogin(app: FastifyInstance, username: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/nacos/v1/auth/login',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.statusCode, body: res.body, json: () => res.json() };
}
