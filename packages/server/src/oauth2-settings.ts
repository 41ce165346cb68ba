import { roleCodeOf, type OAuth2Settings } from './core/auth/oauth2-config.js';

/** A setting's documentation row (the same shape as settings.ts's table, which includes these). */
interface Def {
  env: string;
  describe: string;
  defaultText: string;
}

export const DEFAULT_OAUTH2_BUTTON = 'OAuth2.0 登录';

/** r-nacos's names first, then what tsnacos adds (issuer discovery, role claim). */
export const OAUTH2_SETTING_DEFS: Def[] = [
  { env: 'RNACOS_OAUTH2_ENABLE', describe: 'offer OAuth2 / OpenID Connect login on the console', defaultText: 'false' },
  {
    env: 'RNACOS_OAUTH2_ISSUER',
    describe: 'OpenID Connect issuer URL: endpoints found by discovery, ID token checked',
    defaultText: 'unset (plain OAuth2 URLs)',
  },
  {
    env: 'RNACOS_OAUTH2_SERVER_URL',
    describe: 'plain OAuth2: base of the default authorization, token and userinfo URLs',
    defaultText: 'unset',
  },
  { env: 'RNACOS_OAUTH2_CLIENT_ID', describe: 'client id registered at the provider', defaultText: 'required' },
  {
    env: 'RNACOS_OAUTH2_CLIENT_SECRET',
    describe: 'client secret (never logged); empty for a public client',
    defaultText: 'empty',
  },
  {
    env: 'RNACOS_OAUTH2_AUTHORIZATION_URL',
    describe: 'plain OAuth2 authorization endpoint',
    defaultText: '<server url>/oauth/authorize',
  },
  { env: 'RNACOS_OAUTH2_TOKEN_URL', describe: 'plain OAuth2 token endpoint', defaultText: '<server url>/oauth/token' },
  {
    env: 'RNACOS_OAUTH2_USERINFO_URL',
    describe: 'userinfo endpoint (with an issuer: the discovered one unless set)',
    defaultText: '<server url>/oauth/userinfo',
  },
  {
    env: 'RNACOS_OAUTH2_REDIRECT_URI',
    describe:
      'callback registered at the provider: http(s)://<console>/rnacos/api/console/v2/login/oauth2/callback or …/rnacos/p/login',
    defaultText: 'required',
  },
  { env: 'RNACOS_OAUTH2_SCOPES', describe: 'scopes asked for, space separated', defaultText: 'openid profile' },
  { env: 'RNACOS_OAUTH2_USERNAME_CLAIM_NAME', describe: 'claim naming the console user', defaultText: 'username' },
  { env: 'RNACOS_OAUTH2_NICKNAME_CLAIM_NAME', describe: "claim holding the user's display name", defaultText: 'name' },
  {
    env: 'RNACOS_OAUTH2_USER_DEFAULT_ROLE',
    describe: 'role in every namespace of new OAuth2 users no role claim maps: ADMIN, DEVELOPER or VISITOR (GUEST)',
    defaultText: 'unset: a guest of no namespace until an admin grants one',
  },
  {
    env: 'RNACOS_OAUTH2_ROLE_CLAIM',
    describe: 'claim (string or list; dotted path allowed) whose values set the role on every login',
    defaultText: 'unset',
  },
  {
    env: 'RNACOS_OAUTH2_ROLE_MAP',
    describe: 'claim value=role pairs, separated by , (or ; when values hold commas), e.g. admins=ADMIN,devs=DEVELOPER',
    defaultText: 'unset',
  },
  { env: 'RNACOS_OAUTH2_BUTTON', describe: 'text of the login page button', defaultText: DEFAULT_OAUTH2_BUTTON },
];

/** The callback route and the login page: the paths a redirect URI may name. */
export const OAUTH2_CALLBACK_PATHS = ['/rnacos/api/console/v2/login/oauth2/callback', '/rnacos/p/login'];

/**
 * The OAuth2 settings, or undefined when OAuth2 login is off. Throws an Error naming the setting at fault;
 * `get` answers a setting's trimmed value or undefined when unset or blank.
 */
export function loadOAuth2Settings(
  get: (env: string) => string | undefined,
  enabled: boolean,
): OAuth2Settings | undefined {
  if (!enabled) return undefined;
  const required = (env: string) => {
    const value = get(env);
    if (value === undefined) throw new Error(`${env} is required when RNACOS_OAUTH2_ENABLE is true`);
    return value;
  };
  const issuer = optionalUrl('RNACOS_OAUTH2_ISSUER', get('RNACOS_OAUTH2_ISSUER'));
  const server = optionalUrl('RNACOS_OAUTH2_SERVER_URL', get('RNACOS_OAUTH2_SERVER_URL'))?.replace(/\/+$/, '');
  const endpoint = (env: string, suffix: string): string => {
    const value = optionalUrl(env, get(env));
    if (value !== undefined) return value;
    if (issuer !== undefined) return '';
    if (server === undefined) {
      throw new Error(`${env} is required when neither RNACOS_OAUTH2_ISSUER nor RNACOS_OAUTH2_SERVER_URL is set`);
    }
    return `${server}${suffix}`;
  };
  const redirectUri = optionalUrl('RNACOS_OAUTH2_REDIRECT_URI', required('RNACOS_OAUTH2_REDIRECT_URI'))!;
  if (!OAUTH2_CALLBACK_PATHS.includes(new URL(redirectUri).pathname)) {
    throw new Error(`RNACOS_OAUTH2_REDIRECT_URI must end in one of ${OAUTH2_CALLBACK_PATHS.join(' or ')}`);
  }
  // unset: a guest of no namespace (not r-nacos's developer: a provider may sign in anyone at all)
  const chosenRole = get('RNACOS_OAUTH2_USER_DEFAULT_ROLE');
  const defaultRoleName = chosenRole ?? 'VISITOR';
  const defaultRole = roleCodeOf(defaultRoleName);
  if (defaultRole === undefined) {
    throw new Error(
      `RNACOS_OAUTH2_USER_DEFAULT_ROLE must be ADMIN, DEVELOPER or VISITOR (GUEST), got "${defaultRoleName}"`,
    );
  }
  const roleClaim = get('RNACOS_OAUTH2_ROLE_CLAIM');
  const roleMap = parseRoleMap(get('RNACOS_OAUTH2_ROLE_MAP'));
  if (roleClaim !== undefined && roleMap.size === 0) {
    throw new Error('RNACOS_OAUTH2_ROLE_MAP is required with RNACOS_OAUTH2_ROLE_CLAIM (which values give which role)');
  }
  return {
    clientId: required('RNACOS_OAUTH2_CLIENT_ID'),
    clientSecret: get('RNACOS_OAUTH2_CLIENT_SECRET') ?? '',
    issuer,
    authorizationUrl: endpoint('RNACOS_OAUTH2_AUTHORIZATION_URL', '/oauth/authorize'),
    tokenUrl: endpoint('RNACOS_OAUTH2_TOKEN_URL', '/oauth/token'),
    userinfoUrl: endpoint('RNACOS_OAUTH2_USERINFO_URL', '/oauth/userinfo'),
    redirectUri,
    scopes: (get('RNACOS_OAUTH2_SCOPES') ?? 'openid profile').split(/\s+/).filter(Boolean).join(' '),
    usernameClaim: get('RNACOS_OAUTH2_USERNAME_CLAIM_NAME') ?? 'username',
    nicknameClaim: get('RNACOS_OAUTH2_NICKNAME_CLAIM_NAME') ?? 'name',
    defaultRole,
    defaultRoleChosen: chosenRole !== undefined,
    roleClaim,
    roleMap,
    buttonText: get('RNACOS_OAUTH2_BUTTON') ?? DEFAULT_OAUTH2_BUTTON,
  };
}

function optionalUrl(env: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${env} must be an http:// or https:// URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${env} must be an http:// or https:// URL, got "${value}"`);
  }
  return value;
}

/** `value=ROLE,value2=ROLE2`, or `;` between pairs when any has a comma; the last `=` of a pair separates. */
function parseRoleMap(text: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  if (text === undefined) return map;
  // values with commas (LDAP-style group DNs) are listed with `;` between pairs
  const pairs = text.split(text.includes(';') ? ';' : ',');
  for (const pair of pairs.map((p) => p.trim()).filter(Boolean)) {
    const at = pair.lastIndexOf('=');
    const value = pair.slice(0, Math.max(at, 0)).trim();
    const role = at > 0 ? roleCodeOf(pair.slice(at + 1)) : undefined;
    if (!value || role === undefined) {
      throw new Error(`RNACOS_OAUTH2_ROLE_MAP entries are value=ADMIN|DEVELOPER|VISITOR, got "${pair}"`);
    }
    map.set(value, role);
  }
  return map;
}
