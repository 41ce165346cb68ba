import type { PageParam } from './envelope.js';

/** Fewest characters of a password set from now on (user add/update, own change, the first admin's setting). */
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt reads no further: a longer password is refused rather than silently cut. */
export const MAX_PASSWORD_BYTES = 72;

export type PasswordProblem = 'required' | 'blank' | 'too_short' | 'too_long';

/** Nothing visible: spaces of any kind, line breaks, control and invisible format characters. */
const BLANK = /^[\p{White_Space}\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]*$/u;

/**
 * Why a new password cannot be set, or undefined: one rule for the server and the console's forms. Length
 * counts characters (code points: eight Chinese characters are enough); a password with nothing visible is
 * refused whatever its length.
 */
export function newPasswordProblem(password: string): PasswordProblem | undefined {
  if (!password) return 'required';
  if (BLANK.test(password)) return 'blank';
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'too_short';
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES) return 'too_long';
  return undefined;
}

/** Where a user logs in: a local password (INNER), an LDAP directory or an OAuth2 provider. */
export type UserSource = 'INNER' | 'LDAP' | 'OAUTH2';

/** Role codes: "0" admin, "1" developer, "2" guest. */
export type RoleCode = '0' | '1' | '2';

export interface NamespacePrivilege {
  enabled: boolean;
  whitelistIsAll: boolean;
  /** Namespace ids; the default namespace is "". */
  whitelist: string[] | null;
  blacklistIsAll: boolean;
  blacklist: string[] | null;
}

/** A row of `GET /v2/user/list`. */
export interface UserDto {
  username: string;
  nickname: string;
  /** Never sent. */
  password: null;
  /** Never sent by tsnacos. */
  passwordHash: null;
  /** Epoch milliseconds. */
  gmtCreate: number;
  gmtModified: number;
  enable: boolean;
  roles: string[];
  extendInfo: Record<string, string>;
  namespacePrivilege: NamespacePrivilege;
  /** INNER, LDAP or OAUTH2 (null: stored by an older release, a local user). */
  source: UserSource | null;
}

/** Body of `POST /v2/user/add` and `/v2/user/update`; absent fields keep their value on update. */
export interface UpdateUserInfoParam {
  username: string;
  nickname?: string;
  /** Required on add; on update blank means "no change". */
  password?: string;
  enable?: boolean;
  /** Comma-separated role codes, e.g. "1,2" (an array is accepted too). */
  roles?: string | string[];
  namespacePrivilegeParam?: Partial<NamespacePrivilege>;
  /** Accepted in place of `namespacePrivilegeParam`. */
  namespacePrivilege?: Partial<NamespacePrivilege>;
}

export interface ResetPasswordParam {
  oldPassword: string;
  newPassword: string;
}

export interface UserInfo {
  username: string;
  nickname: string;
}

/** `GET /v2/user/web_resources`. */
export interface UserPermissions {
  /** Menu paths and the flags CONFIG_UPDATE, SERVICE_UPDATE, NAMESPACE_UPDATE, USER_UPDATE (a set). */
  resources: string[];
  /** "OLD_CONSOLE" in the no-login console, "" otherwise. */
  from: '' | 'OLD_CONSOLE';
  version: string;
  username: string | null;
  /**
   * Where the signed-in user logs in: INNER (a password here), LDAP or OAUTH2 (no password here, nothing to
   * change); null in the no-login console, absent from servers that do not say.
   */
  userSource?: UserSource | null;
  /** For admins: the admin user that still has the well-known default password (absent otherwise). */
  defaultPasswordUser?: string;
}

export interface LoginResult {
  token: string;
}

export interface LoginConfig {
  oauth2Enable: boolean;
  oauth2Button: string | null;
  oauth2AuthorizeUrl: string | null;
}

/** Form body of `POST /v2/login/login`; the password is AES-encrypted with the captcha token when there is one. */
export interface LoginParam {
  username: string;
  password: string;
  captcha: string;
}

/** Query of `GET /v2/user/list`. */
export interface UserListParam extends PageParam {
  likeUsername?: string;
  /** Newest first when true. */
  isRev?: boolean;
}

/** Body of `POST /v2/user/remove`. */
export interface UserKeyParam {
  username: string;
}
