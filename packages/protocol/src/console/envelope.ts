/** Envelope of every v2 console endpoint and of the login/user endpoints (HTTP 200 even on failure). */
export interface ApiResult<T> {
  data: T | null;
  success: boolean;
  code: string | null;
  message: string | null;
}

/** Envelope produced by the login check: note `msg`, not `message`. */
export interface ApiResultOld {
  data: null;
  success: false;
  code: 'NO_LOGIN' | 'NO_PERMISSION';
  msg: string | null;
}

/** Legacy v1 envelope (namespace and cluster routes). */
export interface ConsoleResult<T> {
  code: number;
  message: string | null;
  data: T | null;
}

export interface PageResult<T> {
  totalCount: number;
  list: T[];
}

export const ERROR_CODES = [
  'NO_LOGIN',
  'NO_PERMISSION',
  'NO_NAMESPACE_PERMISSION',
  'NAMESPACE_IN_USE',
  'SYSTEM_ERROR',
  'PARAM_ERROR',
  'NOT_FOUND',
  'USER_CHECK_ERROR',
  'CAPTCHA_CHECK_ERROR',
  'LOGIN_LIMITE_ERROR',
  'SAVE_SESSION_ERROR',
  'NOT_FOUND_USER_SESSION',
  'NOT_FOUND_USER',
  'OLD_PASSWORD_INVALID',
  'USER_ROLE_IS_EMPTY',
  'CONFLICT',
  'CONFIG_CONFLICT',
  'OAUTH2_NOT_ENABLED',
  // OAuth2 login failures: the provider answered an error, denied, was unreachable, the state did not match,
  // or a local user holds the name
  'OAUTH2_AUTH_ERROR',
  'OAUTH2_DENIED',
  'OAUTH2_PROVIDER_ERROR',
  'OAUTH2_STATE_ERROR',
  'OAUTH2_USER_CONFLICT',
  // LDAP login failures that are no verdict on the password: the directory gave no answer (down, timeout,
  // TLS), or answered with an error (the bind DN refused, a search not allowed)
  'LDAP_UNAVAILABLE',
  'LDAP_REFUSED',
  /** An MCP server import wrote some servers and refused others (the message lists them). */
  'PARTIAL_SUCCESS',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Paging of the list routes: `pageNo` from 1; without `pageSize` a list is answered whole. */
export interface PageParam {
  pageNo?: number;
  pageSize?: number;
}

/** The legacy v1 lists answer a bare `{count, <list>}` and failures as plain text. */
export type LegacyPage<Name extends string, T> = { count: number } & Record<Name, T[]>;
