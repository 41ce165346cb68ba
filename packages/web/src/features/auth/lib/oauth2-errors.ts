const KNOWN = new Set([
  'OAUTH2_DENIED',
  'OAUTH2_STATE_ERROR',
  'OAUTH2_PROVIDER_ERROR',
  'OAUTH2_USER_CONFLICT',
  'OAUTH2_NOT_ENABLED',
  'LOGIN_LIMITE_ERROR',
]);

/** The message key for an OAuth2 login failure code; unknown codes get the general text. */
export function oauth2ErrorKey(code: string): string {
  return KNOWN.has(code) ? `login.${code}` : 'login.OAUTH2_AUTH_ERROR';
}
