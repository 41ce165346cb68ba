import { useMutation } from '@tanstack/react-query';
import { apiFetch, ApiError } from '../../../lib/api-client.js';
import { t } from '../../../i18n/index.js';
import type { LoginParam } from '@tsnacos/protocol';

/** The password is already encrypted with the captcha token when there is one. */
type LoginInput = LoginParam;

const KNOWN_LOGIN_CODES = new Set(['USER_CHECK_ERROR', 'CAPTCHA_CHECK_ERROR', 'LOGIN_LIMITE_ERROR']);
/** Failures that are no verdict on the password: the server's message says what went wrong. */
const EXPLAINED_LOGIN_CODES = new Set(['LDAP_UNAVAILABLE', 'LDAP_REFUSED']);

/**
 * The login page's own error texts: the three known login codes; the LDAP directory unreachable or refusing,
 * with the server's message; anything else an unknown login error, with the server's message when it has one.
 */
export function loginErrorText(code: string | null | undefined, message?: string | null): string {
  if (code && KNOWN_LOGIN_CODES.has(code)) return t(`login.${code}`);
  const text = code && EXPLAINED_LOGIN_CODES.has(code) ? t(`login.${code}`) : t('login.LOGIN_UNKNOWN_ERROR');
  return message ? `${text}: ${message}` : text;
}

async function login(input: LoginInput): Promise<void> {
  let res: Response;
  try {
    res = await apiFetch('POST', '/v2/login/login', { form: { ...input } });
  } catch (err) {
    const detail = err instanceof ApiError ? (err.serverMessage ?? err.message) : String(err);
    throw new ApiError(`${t('login.request_fail')} ${detail}`, 'network');
  }
  if (res.status !== 200) {
    throw new ApiError(t('login.request_fail_code', { status: res.status }), 'http', res.status);
  }
  const body = (await res.json().catch(() => null)) as { success?: boolean; code?: string; message?: string } | null;
  if (body?.success === true) return;
  throw new ApiError(
    loginErrorText(body?.code, body?.message),
    'api',
    res.status,
    body?.code ?? null,
    body?.message ?? null,
  );
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
