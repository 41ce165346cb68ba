import { describe, expect, it } from 'vitest';
import { userFilterFor } from './ldap-filter.js';
import { groupNameOf, roleFromGroups, userDnOf } from './ldap-roles.js';

describe('LDAP groups and roles', () => {
  it('names a group by the cn of its DN, however the attribute is written', () => {
    expect(groupNameOf('cn=nacos-admins,ou=groups,dc=example,dc=org')).toBe('nacos-admins');
    expect(groupNameOf('CN=Nacos Admins,OU=Groups,DC=corp,DC=example')).toBe('Nacos Admins');
    expect(groupNameOf('cn=ops\\, berlin,ou=groups,dc=x')).toBe('ops, berlin');
    expect(groupNameOf('cn=caf\\C3\\A9,dc=x')).toBe('café');
    expect(groupNameOf('ou=groups,dc=x')).toBeUndefined();
  });

  it('makes admin group members admins, developer group members developers, others the default', () => {
    const options = { adminGroups: ['Nacos-Admins'], developerGroups: ['devs'], defaultRole: '2' };
    expect(roleFromGroups(['devs', 'nacos-admins'], options)).toBe('0');
    expect(roleFromGroups(['other', 'DEVS'], options)).toBe('1');
    expect(roleFromGroups(['other'], options)).toBe('2');
    expect(roleFromGroups([], { ...options, defaultRole: '1' })).toBe('1');
  });

  it('escapes the username in the search filter and in the bind DN', () => {
    expect(userFilterFor('(&(objectClass=person)(uid=%s))', 'bob')).toBe('(&(objectClass=person)(uid=bob))');
    expect(userFilterFor('(uid=%s)', '*)(uid=*')).toBe('(uid=\\2a\\29\\28uid=\\2a)');
    expect(userFilterFor('(|(uid=%s)(mail=%s))', 'a\\b')).toBe('(|(uid=a\\5cb)(mail=a\\5cb))');
    // without %s, as older r-nacos releases: the filter and (cn=<name>)
    expect(userFilterFor('objectClass=inetOrgPerson', 'al*')).toBe('(&(objectClass=inetOrgPerson)(cn=al\\2a))');
    expect(userDnOf('a,b+c', 'ou=people,dc=x')).toBe('cn=a\\,b\\+c,ou=people,dc=x');
  });
});
