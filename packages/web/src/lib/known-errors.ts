/**
 * Refusals the user caused and can fix, recognised by the server's message (whose code, SYSTEM_ERROR or
 * PARAM_ERROR, is shared with real failures): each gets its own translated text instead of "System error".
 */
const KNOWN_MESSAGES: readonly (readonly [RegExp, string])[] = [
  [/has \d+ instance\(s\); deregister them|service has instances/i, 'error.service_has_instances'],
  [/^you cannot delete your own account/, 'error.own_account_delete'],
  [/^you cannot take the admin role from your own account/, 'error.own_account_demote'],
  [/^at least one admin must be reserved/, 'error.last_admin'],
  [/^password must have at least \d+ characters/, 'error.password_too_short'],
  [/^(?<name>\S+) is an LDAP user: the password is kept by the directory/, 'error.ldap_password'],
  [/^(?<name>\S+) is an LDAP user: the role follows the directory groups/, 'error.ldap_role'],
  [/^(?<name>\S+) is an OAuth2 user: they sign in through the OAuth2 provider/, 'error.oauth2_password'],
];

/** Codes of refusals whose server message says what to fix: shown as it is, without "System error". */
export const USER_ERROR_CODES: ReadonlySet<string> = new Set([
  'PARAM_ERROR',
  'NOT_FOUND',
  'CONFLICT',
  'CONFIG_CONFLICT',
  'PARTIAL_SUCCESS',
  'MCP_MANAGER_ERROR',
]);

/** The i18n key of a known refusal and the values its text names (a user name), or undefined. */
export function knownError(
  message: string | null | undefined,
): { key: string; values: Record<string, string> } | undefined {
  if (!message) return undefined;
  for (const [pattern, key] of KNOWN_MESSAGES) {
    const match = pattern.exec(message);
    if (match) return { key, values: { ...match.groups } };
  }
  return undefined;
}
