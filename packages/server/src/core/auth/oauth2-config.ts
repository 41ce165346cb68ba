import { ROLE_ADMIN, ROLE_DEVELOPER, ROLE_GUEST } from './user-model.js';

/** OAuth2 / OpenID Connect login, as read from the `RNACOS_OAUTH2_*` settings (see docs/console.md). */
export interface OAuth2Settings {
  clientId: string;
  /** Empty for a public client (PKCE only). Never logged. */
  clientSecret: string;
  /** OpenID Connect: the endpoints come from `<issuer>/.well-known/openid-configuration`. */
  issuer: string | undefined;
  /** Plain OAuth2 (no issuer): the endpoints as configured. */
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** Where the provider sends the browser back: the console's callback route or its login page. */
  redirectUri: string;
  scopes: string;
  usernameClaim: string;
  nicknameClaim: string;
  /** Role code ("0", "1", "2") of users no role claim value maps: guest unless set. */
  defaultRole: string;
  /**
   * Whether an admin set the default role. Unset, a new user no mapped claim value vouches for gets no
   * namespace until an admin grants one; set, the role is theirs in every namespace (as r-nacos does).
   */
  defaultRoleChosen: boolean;
  /** Claim holding role names or groups (a string or a list), mapped by `roleMap`; unset: the default role. */
  roleClaim: string | undefined;
  /** Claim value -> role code. */
  roleMap: ReadonlyMap<string, string>;
  buttonText: string;
}

/** r-nacos's role names (case-insensitive), and GUEST for the role the console calls guest. */
const ROLE_NAMES: Record<string, string> = {
  ADMIN: ROLE_ADMIN,
  MANAGER: ROLE_ADMIN,
  DEVELOPER: ROLE_DEVELOPER,
  VISITOR: ROLE_GUEST,
  GUEST: ROLE_GUEST,
};

/** A role name or code as settings write it, as a role code; undefined when unknown. */
export function roleCodeOf(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === ROLE_ADMIN || trimmed === ROLE_DEVELOPER || trimmed === ROLE_GUEST) return trimmed;
  return ROLE_NAMES[trimmed.toUpperCase()];
}

/** Most rights first: a user whose claim values map to several roles gets the strongest. */
const STRENGTH = [ROLE_ADMIN, ROLE_DEVELOPER, ROLE_GUEST];

/** The role for a user's claims: the strongest mapped value of the role claim, else the default role. */
export function roleFromClaims(settings: OAuth2Settings, claims: Record<string, unknown>): string {
  return mappedRole(settings, claims) ?? settings.defaultRole;
}

/** The strongest role a value of the role claim maps to; undefined without a role claim or a mapped value. */
export function mappedRole(settings: OAuth2Settings, claims: Record<string, unknown>): string | undefined {
  if (!settings.roleClaim) return undefined;
  const raw = claimAt(claims, settings.roleClaim);
  const values = Array.isArray(raw) ? raw : [raw];
  const mapped = values
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map((v) => settings.roleMap.get(String(v)))
    .filter((code): code is string => code !== undefined);
  return STRENGTH.find((code) => mapped.includes(code));
}

/**
 * A claim by name; a dotted name reaches into objects when no claim has the whole name
 * (Keycloak's `realm_access.roles`).
 */
export function claimAt(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
