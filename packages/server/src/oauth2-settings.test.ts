import { describe, expect, it } from 'vitest';
import { roleFromClaims } from './core/auth/oauth2-config.js';
import { loadSettings, SettingsError } from './settings.js';

const BASE = {
  RNACOS_OAUTH2_ENABLE: 'true',
  RNACOS_OAUTH2_CLIENT_ID: 'console',
  RNACOS_OAUTH2_REDIRECT_URI: 'https://nacos.example/rnacos/api/console/v2/login/oauth2/callback',
};

const oauth2 = (env: Record<string, string>) => loadSettings(env).oauth2;

describe('OAuth2 settings', () => {
  it('are off unless enabled, whatever else is set', () => {
    expect(oauth2({ RNACOS_OAUTH2_CLIENT_ID: 'x' })).toBeUndefined();
  });

  it("take r-nacos's defaults: URLs under the server URL, its claims, scopes and button; no namespace for new users", () => {
    expect(oauth2({ ...BASE, RNACOS_OAUTH2_SERVER_URL: 'https://sso.example/' })).toMatchObject({
      issuer: undefined,
      authorizationUrl: 'https://sso.example/oauth/authorize',
      tokenUrl: 'https://sso.example/oauth/token',
      userinfoUrl: 'https://sso.example/oauth/userinfo',
      scopes: 'openid profile',
      usernameClaim: 'username',
      nicknameClaim: 'name',
      // not r-nacos's developer: a provider may sign in anyone at all, who waits for an admin's grant
      defaultRole: '2',
      defaultRoleChosen: false,
      buttonText: 'OAuth2.0 登录',
      clientSecret: '',
    });
  });

  it('give new users the default role in every namespace only when an admin chose it', () => {
    const chosen = oauth2({
      ...BASE,
      RNACOS_OAUTH2_SERVER_URL: 'https://sso.example',
      RNACOS_OAUTH2_USER_DEFAULT_ROLE: 'DEVELOPER',
    });
    expect(chosen).toMatchObject({ defaultRole: '1', defaultRoleChosen: true });
  });

  it('with an issuer need no endpoint URLs (discovery finds them)', () => {
    expect(oauth2({ ...BASE, RNACOS_OAUTH2_ISSUER: 'https://kc.example/realms/ops' })).toMatchObject({
      issuer: 'https://kc.example/realms/ops',
      authorizationUrl: '',
      userinfoUrl: '',
    });
  });

  it.each([
    [{ ...BASE, RNACOS_OAUTH2_CLIENT_ID: '' }, /RNACOS_OAUTH2_CLIENT_ID is required/],
    [{ ...BASE, RNACOS_OAUTH2_REDIRECT_URI: '' }, /RNACOS_OAUTH2_REDIRECT_URI is required/],
    [BASE, /RNACOS_OAUTH2_AUTHORIZATION_URL is required when neither RNACOS_OAUTH2_ISSUER/],
    [{ ...BASE, RNACOS_OAUTH2_ISSUER: 'kc.example' }, /RNACOS_OAUTH2_ISSUER must be an http/],
    [
      { ...BASE, RNACOS_OAUTH2_ISSUER: 'https://kc.example', RNACOS_OAUTH2_REDIRECT_URI: 'https://evil.example/cb' },
      /RNACOS_OAUTH2_REDIRECT_URI must end in one of/,
    ],
    [{ ...BASE, RNACOS_OAUTH2_ISSUER: 'https://kc.example', RNACOS_OAUTH2_USER_DEFAULT_ROLE: 'ROOT' }, /ROOT/],
    [
      { ...BASE, RNACOS_OAUTH2_ISSUER: 'https://kc.example', RNACOS_OAUTH2_ROLE_CLAIM: 'groups' },
      /ROLE_MAP is required/,
    ],
    [
      { ...BASE, RNACOS_OAUTH2_ISSUER: 'https://kc.example', RNACOS_OAUTH2_ROLE_MAP: 'ops=OWNER' },
      /RNACOS_OAUTH2_ROLE_MAP entries are value=/,
    ],
  ])('refuse a start with a clear reason (%#)', (env, reason) => {
    expect(() => loadSettings(env)).toThrow(SettingsError);
    expect(() => loadSettings(env)).toThrow(reason);
  });

  it('map role claim values (strings or lists, dotted paths) to the strongest role, else the default', () => {
    const settings = oauth2({
      ...BASE,
      RNACOS_OAUTH2_ISSUER: 'https://kc.example',
      RNACOS_OAUTH2_ROLE_CLAIM: 'realm_access.roles',
      RNACOS_OAUTH2_ROLE_MAP: 'nacos-dev=DEVELOPER; nacos-admin=admin; cn=ops,ou=groups=MANAGER',
      RNACOS_OAUTH2_USER_DEFAULT_ROLE: 'VISITOR',
    })!;
    const roles = (values: unknown) => roleFromClaims(settings, { realm_access: { roles: values } });
    expect(roles(['nacos-dev', 'nacos-admin'])).toBe('0');
    expect(roles('nacos-dev')).toBe('1');
    expect(roles(['cn=ops,ou=groups'])).toBe('0');
    expect(roles(['other'])).toBe('2');
    expect(roles(undefined)).toBe('2');
    expect(roleFromClaims(settings, { 'realm_access.roles': 'nacos-admin' })).toBe('0');
  });
});
