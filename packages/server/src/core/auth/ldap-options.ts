/** How console and SDK logins reach an LDAP directory (docs/console.md "LDAP login"). */
export interface LdapOptions {
  /** `ldap://host:port` or `ldaps://host:port`. */
  url: string;
  userBaseDn: string;
  /** A search filter where `%s` stands for the (escaped) username. */
  userFilter: string;
  /** Searches run bound as this DN; without it a login binds as `cn=<username>,<base DN>` first. */
  bindDn?: string;
  bindPassword?: string;
  /** Where groups listing the user as a member are searched too (directories without `memberOf`). */
  groupBaseDn?: string;
  startTls: boolean;
  /** PEM certificate(s) trusted for ldaps:// and StartTLS, besides the system's. */
  caFile?: string;
  /** Group names (the `cn` of a `memberOf` value) that make a user admin or developer. */
  adminGroups: string[];
  developerGroups: string[];
  /** Role code of a user in neither kind of group. */
  defaultRole: string;
  /** Connecting, and each LDAP operation, give up after this long. */
  timeoutMs: number;
}
