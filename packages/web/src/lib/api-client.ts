import type { ApiResult } from '@tsnacos/protocol';
import { ApiError } from './api-error.js';
import { knownError, USER_ERROR_CODES } from './known-errors.js';
import { API_PREFIX, REQUEST_TIMEOUT_MS } from './constants.js';
import { redirectToLogin } from './login-redirect.js';
import { notify } from './notify.js';
import { i18n, t } from '../i18n/index.js';

export { ApiError } from './api-error.js';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not show the error as a toast (the caller handles it). */
  silent?: boolean;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const qs = params.toString();
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}

function isNoLogin(res: Response): boolean {
  // The misspelt header name is what some upstream servers send.
  return res.headers.get('no-login') === '1' || res.headers.get('no-logig') === '1';
}

/** Sends a console request with the 15 s timeout; a no-login answer sends the user to the login page. */
export async function apiFetch(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (options.form) body = new URLSearchParams(options.form).toString();
  }
  let res: Response;
  try {
    res = await fetch(apiUrl(path, options.query), { method, headers, body, signal: controller.signal });
  } catch (err) {
    if (timedOut) throw new ApiError(t('error.timeout', { ms: REQUEST_TIMEOUT_MS }), 'timeout');
    if (controller.signal.aborted) throw new ApiError(t('error.aborted'), 'aborted');
    throw new ApiError(t('error.network'), 'network', undefined, null, (err as Error)?.message ?? null);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  if (isNoLogin(res)) {
    redirectToLogin();
    throw new ApiError('NO_LOGIN', 'no-login', res.status, 'NO_LOGIN');
  }
  return res;
}

/**
 * The text for a 200 answer with success=false: the translated `error.<code>`; else the own text of a known
 * refusal (namespace in use, service with instances, ...); else for user errors the server's message; else
 * the system-error text followed by the server's message.
 */
export function envelopeErrorText(code: string | null | undefined, message: string | null | undefined): string {
  const key = `error.${code}`;
  if (code && code !== 'SYSTEM_ERROR' && i18n.exists(key) && t(key)) return t(key);
  const known = knownError(message);
  if (known) return t(known.key, known.values);
  if (message && code && USER_ERROR_CODES.has(code)) return message;
  return message ? `${t('error.SYSTEM_ERROR')} : ${message}` : t('error.SYSTEM_ERROR');
}

interface EnvelopeBody extends Partial<ApiResult<unknown>> {
  msg?: string | null;
}

/** Unwraps `{success, data, code, message}`; throws ApiError with the translated text otherwise. */
async function readEnvelope<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as EnvelopeBody | null;
  if (res.status !== 200) {
    // a refusal the server explains (503: the store is unavailable) keeps its message
    const message = body?.success === false ? (body.message ?? body.msg ?? null) : null;
    if (message)
      throw new ApiError(envelopeErrorText(body?.code, message), 'api', res.status, body?.code ?? null, message);
    throw new ApiError(t('error.http_code', { status: res.status }), 'http', res.status);
  }
  if (!body || typeof body !== 'object') throw new ApiError(t('error.SYSTEM_ERROR'), 'parse', res.status);
  if (body.success === true) return body.data as T;
  const message = body.message ?? body.msg ?? null;
  throw new ApiError(envelopeErrorText(body.code, message), 'api', res.status, body.code ?? null, message);
}

function report(err: unknown, options: RequestOptions): never {
  if (!options.silent && err instanceof ApiError && err.kind !== 'no-login') notify.error(err.message);
  throw err;
}

/** A console API call whose payload is the envelope's data. */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await readEnvelope<T>(await apiFetch(method, path, options));
  } catch (err) {
    return report(err, options);
  }
}

/** Same as apiRequest, also giving the response (for headers such as Captcha-Token). */
export async function apiRequestWithResponse<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; response: Response }> {
  try {
    const response = await apiFetch(method, path, options);
    return { data: await readEnvelope<T>(response), response };
  } catch (err) {
    return report(err, options);
  }
}

export const apiGet = <T>(path: string, query?: Record<string, QueryValue>, options: RequestOptions = {}) =>
  apiRequest<T>('GET', path, { ...options, query });

export const apiPostJson = <T>(path: string, json: unknown, options: RequestOptions = {}) =>
  apiRequest<T>('POST', path, { ...options, json });
