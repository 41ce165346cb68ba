import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFeatureSettings, loadSettings, SettingsError } from './settings.js';

const BASE = {
  RNACOS_LDAP_ENABLE: 'true',
  RNACOS_LDAP_URL: 'ldap://ldap.example.org:389',
  RNACOS_LDAP_USER_BASE_DN: 'ou=people,dc=example,dc=org',
};
const caFile = path.join(os.tmpdir(), `tsnacos-ldap-ca-${process.pid}.pem`);
writeFileSync(caFile, 'not checked before a connection\n');
afterAll(() => rmSync(caFile, { force: true }));

describe('LDAP settings', () => {
  it('are off unless enabled, and take r-nacos names and defaults', () => {
    expect(loadSettings({ RNACOS_LDAP_URL: 'ldap://x' }).ldap).toBeUndefined();
    expect(
      loadSettings({
        ...BASE,
        RNACOS_LDAP_USER_ADMIN_GROUP: 'ops, nacos-admins,,ops',
        RNACOS_LDAP_USER_DEVELOPER_GROUP: 'devs',
        RNACOS_LDAP_USER_DEFAULT_ROLE: 'developer',
      }).ldap,
    ).toEqual({
      url: 'ldap://ldap.example.org:389',
      userBaseDn: 'ou=people,dc=example,dc=org',
      userFilter: '(cn=%s)',
      bindDn: undefined,
      bindPassword: undefined,
      groupBaseDn: undefined,
      startTls: false,
      caFile: undefined,
      adminGroups: ['ops', 'nacos-admins'],
      developerGroups: ['devs'],
      defaultRole: '1',
      timeoutMs: 5000,
    });
    expect(loadSettings(BASE).ldap?.defaultRole).toBe('2');
    expect(loadSettings({ ...BASE, RNACOS_LDAP_USER_DEFAULT_ROLE: 'MANAGER' }).ldap?.defaultRole).toBe('0');
  });

  it.each([
    [{ RNACOS_LDAP_URL: '' }, 'RNACOS_LDAP_URL is not set'],
    [{ RNACOS_LDAP_URL: 'http://ldap.example.org' }, 'RNACOS_LDAP_URL must be ldap://'],
    [{ RNACOS_LDAP_USER_BASE_DN: '' }, 'RNACOS_LDAP_USER_BASE_DN is not set'],
    [{ RNACOS_LDAP_BIND_DN: 'cn=svc,dc=example,dc=org' }, 'RNACOS_LDAP_BIND_PASSWORD is not'],
    [{ RNACOS_LDAP_BIND_PASSWORD: 'secret' }, 'RNACOS_LDAP_BIND_DN is not'],
    [{ RNACOS_LDAP_URL: 'ldaps://ldap.example.org', RNACOS_LDAP_STARTTLS: 'true' }, 'TLS already'],
    [{ RNACOS_LDAP_STARTTLS: 'yes' }, 'RNACOS_LDAP_STARTTLS must be true or false'],
    [{ RNACOS_LDAP_TLS_CA_FILE: caFile }, 'needs an ldaps:// URL or RNACOS_LDAP_STARTTLS=true'],
    [{ RNACOS_LDAP_STARTTLS: 'true', RNACOS_LDAP_TLS_CA_FILE: '/no/such/ca.pem' }, 'cannot be read: /no/such/ca.pem'],
    [{ RNACOS_LDAP_USER_DEFAULT_ROLE: 'root' }, 'must be VISITOR, DEVELOPER or ADMIN'],
    [{ RNACOS_LDAP_TIMEOUT_SECOND: '0' }, 'RNACOS_LDAP_TIMEOUT_SECOND must be between'],
  ])('refuse an invalid combination at start: %o', (env, message) => {
    expect(() => loadSettings({ ...BASE, ...env })).toThrow(SettingsError);
    expect(() => loadSettings({ ...BASE, ...env })).toThrow(message);
  });

  it('refuse a user filter the LDAP parser cannot read, once the settings are read', async () => {
    const settings = loadSettings({ ...BASE, RNACOS_LDAP_USER_FILTER: '(&(cn=%s)' });
    await expect(checkFeatureSettings(settings)).rejects.toThrow(SettingsError);
    await expect(checkFeatureSettings(settings)).rejects.toThrow('RNACOS_LDAP_USER_FILTER is not a valid LDAP filter');
    await expect(checkFeatureSettings(loadSettings(BASE))).resolves.toBeUndefined();
    await expect(checkFeatureSettings(loadSettings({}))).resolves.toBeUndefined();
  });

  it('accept StartTLS or ldaps:// with a CA file, and a bind DN with its password', () => {
    const ldap = loadSettings({
      ...BASE,
      RNACOS_LDAP_STARTTLS: 'true',
      RNACOS_LDAP_TLS_CA_FILE: caFile,
      RNACOS_LDAP_BIND_DN: 'cn=svc,dc=example,dc=org',
      RNACOS_LDAP_BIND_PASSWORD: 'secret',
      RNACOS_LDAP_TIMEOUT_SECOND: '2',
    }).ldap;
    expect(ldap).toMatchObject({ startTls: true, caFile, bindDn: 'cn=svc,dc=example,dc=org', timeoutMs: 2000 });
    expect(
      loadSettings({ ...BASE, RNACOS_LDAP_URL: 'ldaps://ldap.example.org:636/', RNACOS_LDAP_TLS_CA_FILE: caFile }).ldap
        ?.url,
    ).toBe('ldaps://ldap.example.org:636');
  });
});
