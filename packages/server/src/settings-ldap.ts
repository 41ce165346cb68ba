import { accessSync, constants } from 'node:fs';
import type { LdapOptions } from './core/auth/ldap-options.js';
import { ROLE_ADMIN, ROLE_DEVELOPER, ROLE_GUEST } from './core/auth/user-model.js';
import type { SettingDef } from './settings-reader.js';

/** LDAP login (docs/console.md "LDAP login"); the names r-nacos uses, plus bind DN, StartTLS, CA file, timeout. */
export const LDAP_SETTING_DEFS: SettingDef[] = [
  { env: 'RNACOS_LDAP_ENABLE', describe: 'log console and SDK users in through LDAP too', defaultText: 'false' },
  { env: 'RNACOS_LDAP_URL', describe: 'ldap://host:389 or ldaps://host:636', defaultText: 'none (required)' },
  { env: 'RNACOS_LDAP_USER_BASE_DN', describe: 'where users are searched', defaultText: 'none (required)' },
  {
    env: 'RNACOS_LDAP_USER_FILTER',
    describe: 'user search filter; %s is the username (escaped)',
    defaultText: '(cn=%s)',
  },
  {
    env: 'RNACOS_LDAP_USER_ADMIN_GROUP',
    describe: 'comma-separated group names (cn of memberOf) whose members are admins',
    defaultText: 'none',
  },
  {
    env: 'RNACOS_LDAP_USER_DEVELOPER_GROUP',
    describe: 'comma-separated group names whose members are developers',
    defaultText: 'none',
  },
  {
    env: 'RNACOS_LDAP_USER_DEFAULT_ROLE',
    describe: 'role of a user in neither group: VISITOR, DEVELOPER or ADMIN',
    defaultText: 'VISITOR',
  },
  {
    env: 'RNACOS_LDAP_BIND_DN',
    describe: 'DN the user search binds as',
    defaultText: 'none: bind as cn=<user>,<base DN>',
  },
  { env: 'RNACOS_LDAP_BIND_PASSWORD', describe: 'password of RNACOS_LDAP_BIND_DN', defaultText: 'none' },
  {
    env: 'RNACOS_LDAP_GROUP_BASE_DN',
    describe:
      'also search groups naming the user here (member, uniqueMember, memberUid), for directories without memberOf',
    defaultText: 'none: memberOf only',
  },
  { env: 'RNACOS_LDAP_STARTTLS', describe: 'upgrade an ldap:// connection with StartTLS', defaultText: 'false' },
  {
    env: 'RNACOS_LDAP_TLS_CA_FILE',
    describe: 'PEM file of CA certificates trusted for ldaps:// and StartTLS (besides the system ones)',
    defaultText: 'none',
  },
  {
    env: 'RNACOS_LDAP_TIMEOUT_SECOND',
    describe: 'seconds to connect, and for each LDAP operation',
    defaultText: '5',
  },
];

const ROLE_NAMES: Record<string, string> = {
  VISITOR: ROLE_GUEST,
  GUEST: ROLE_GUEST,
  DEVELOPER: ROLE_DEVELOPER,
  ADMIN: ROLE_ADMIN,
  MANAGER: ROLE_ADMIN,
};

export interface LdapSettingReader {
  get(env: string): string | undefined;
  bool(env: string, fallback: boolean): boolean;
  whole(env: string, fallback: number, min: number, max: number): number;
  fail(message: string): never;
}

/**
 * Undefined while LDAP login is off; an invalid combination fails the start with a message naming it. The
 * user filter is checked apart, by `ldapFilterProblem`.
 */
export function loadLdapSettings(read: LdapSettingReader): LdapOptions | undefined {
  if (!read.bool('RNACOS_LDAP_ENABLE', false)) return undefined;
  const url = read.get('RNACOS_LDAP_URL');
  if (!url) read.fail('RNACOS_LDAP_ENABLE is true but RNACOS_LDAP_URL is not set');
  if (!/^ldaps?:\/\/[^/\s]+\/?$/i.test(url)) {
    read.fail(`RNACOS_LDAP_URL must be ldap://host[:port] or ldaps://host[:port], got "${url}"`);
  }
  const secure = url.toLowerCase().startsWith('ldaps:');
  const userBaseDn = read.get('RNACOS_LDAP_USER_BASE_DN');
  if (!userBaseDn) read.fail('RNACOS_LDAP_ENABLE is true but RNACOS_LDAP_USER_BASE_DN is not set');
  const userFilter = read.get('RNACOS_LDAP_USER_FILTER') ?? '(cn=%s)';
  const bindDn = read.get('RNACOS_LDAP_BIND_DN');
  const bindPassword = read.get('RNACOS_LDAP_BIND_PASSWORD');
  if (bindDn && !bindPassword) read.fail('RNACOS_LDAP_BIND_DN is set but RNACOS_LDAP_BIND_PASSWORD is not');
  if (bindPassword && !bindDn) read.fail('RNACOS_LDAP_BIND_PASSWORD is set but RNACOS_LDAP_BIND_DN is not');
  const startTls = read.bool('RNACOS_LDAP_STARTTLS', false);
  if (startTls && secure) read.fail('RNACOS_LDAP_STARTTLS is for ldap:// URLs; an ldaps:// connection is TLS already');
  const caFile = read.get('RNACOS_LDAP_TLS_CA_FILE');
  if (caFile && !secure && !startTls) {
    read.fail('RNACOS_LDAP_TLS_CA_FILE needs an ldaps:// URL or RNACOS_LDAP_STARTTLS=true');
  }
  if (caFile) {
    try {
      accessSync(caFile, constants.R_OK);
    } catch {
      read.fail(`RNACOS_LDAP_TLS_CA_FILE cannot be read: ${caFile}`);
    }
  }
  const roleName = (read.get('RNACOS_LDAP_USER_DEFAULT_ROLE') ?? 'VISITOR').toUpperCase();
  const defaultRole = ROLE_NAMES[roleName];
  if (!defaultRole) {
    read.fail(`RNACOS_LDAP_USER_DEFAULT_ROLE must be VISITOR, DEVELOPER or ADMIN, got "${roleName}"`);
  }
  return {
    url: url.replace(/\/$/, ''),
    userBaseDn,
    userFilter,
    bindDn,
    bindPassword,
    groupBaseDn: read.get('RNACOS_LDAP_GROUP_BASE_DN'),
    startTls,
    caFile,
    adminGroups: groupList(read.get('RNACOS_LDAP_USER_ADMIN_GROUP')),
    developerGroups: groupList(read.get('RNACOS_LDAP_USER_DEVELOPER_GROUP')),
    defaultRole,
    timeoutMs: read.whole('RNACOS_LDAP_TIMEOUT_SECOND', 5, 1, 600) * 1000,
  };
}

function groupList(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((g) => g.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * What is wrong with the user filter, as ldapts's parser sees it. Asynchronous because ldapts is loaded only
 * when LDAP login is on; the server runs it right after reading the settings, before it starts.
 */
export async function ldapFilterProblem(ldap: LdapOptions | undefined): Promise<string | undefined> {
  if (!ldap) return undefined;
  const { filterProblem } = await import('./core/auth/ldap-filter.js');
  const problem = filterProblem(ldap.userFilter);
  return problem && `RNACOS_LDAP_USER_FILTER is not a valid LDAP filter ("${ldap.userFilter}"): ${problem}`;
}
