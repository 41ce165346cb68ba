/** Role codes as stored and sent on the wire: "0" admin, "1" developer, "2" guest (r-nacos names them so). */
export const ROLE_ADMIN = '0';
export const ROLE_DEVELOPER = '1';
export const ROLE_GUEST = '2';
export const KNOWN_ROLES = [ROLE_ADMIN, ROLE_DEVELOPER, ROLE_GUEST] as const;

/**
 * Which namespaces a user may touch: allowed = (whitelistIsAll or listed) and not (blacklistIsAll or listed).
 * The default namespace is written "" in both lists.
 */
export interface NamespacePrivilege {
  enabled: boolean;
  whitelistIsAll: boolean;
  whitelist: string[];
  blacklistIsAll: boolean;
  blacklist: string[];
}

export const ALL_NAMESPACES: NamespacePrivilege = Object.freeze({
  enabled: true,
  whitelistIsAll: true,
  whitelist: [],
  blacklistIsAll: false,
  blacklist: [],
});

/** Local users log in with their password; users of an external directory or OAuth2 provider never do. */
export type UserSource = 'INNER' | 'LDAP' | 'OAUTH2';

export interface User {
  username: string;
  nickname: string;
  /** bcrypt (`$2a$`/`$2b$`/`$2y$`), portable to r-nacos and nacos. */
  passwordHash: string;
  enabled: boolean;
  roles: string[];
  extendInfo: Record<string, string>;
  namespacePrivilege: NamespacePrivilege;
  source: UserSource | null;
  createdAt: number;
  modifiedAt: number;
}
