import { DN } from 'ldapts';
import type { LdapOptions } from './ldap-options.js';
import { ROLE_ADMIN, ROLE_DEVELOPER } from './user-model.js';

/**
 * The group name of a `memberOf` value: the `cn` of its first RDN (`cn=ops,ou=groups,dc=x` -> `ops`), with
 * escapes undone; matched case-insensitively, as Active Directory writes `CN=`. Undefined when the first RDN
 * is no cn or the value is no DN.
 */
export function groupNameOf(memberOf: string): string | undefined {
  const first = firstRdn(memberOf);
  if (!first) return undefined;
  const eq = first.indexOf('=');
  if (eq < 0 || first.slice(0, eq).trim().toLowerCase() !== 'cn') return undefined;
  return unescapeDnValue(first.slice(eq + 1).trim());
}

/** Admin group beats developer group; a user in neither gets the default role. Checked at every login. */
export function roleFromGroups(
  groups: readonly string[],
  options: Pick<LdapOptions, 'adminGroups' | 'developerGroups' | 'defaultRole'>,
): string {
  const names = new Set(groups.map((g) => g.toLowerCase()));
  const inAny = (configured: readonly string[]) => configured.some((g) => names.has(g.toLowerCase()));
  if (inAny(options.adminGroups)) return ROLE_ADMIN;
  if (inAny(options.developerGroups)) return ROLE_DEVELOPER;
  return options.defaultRole;
}

/** `cn=<value>,<base>` with the value escaped for a DN (RFC 4514), for the bind without a search. */
export function userDnOf(username: string, baseDn: string): string {
  return `${new DN({ cn: username }).toString()},${baseDn}`;
}

function firstRdn(dn: string): string | undefined {
  for (let i = 0; i < dn.length; i++) {
    if (dn[i] === '\\') i++;
    else if (dn[i] === ',' || dn[i] === '+') return dn.slice(0, i);
  }
  return dn.length > 0 ? dn : undefined;
}

function unescapeDnValue(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\\' && /^[0-9a-fA-F]{2}$/.test(value.slice(i + 1, i + 3))) {
      bytes.push(parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c === '\\' && i + 1 < value.length) {
      bytes.push(...Buffer.from(value[++i], 'utf8'));
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
