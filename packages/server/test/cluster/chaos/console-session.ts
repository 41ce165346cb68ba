import { encryptPassword } from '../../console-helpers.js';
import type { Classified } from './op-outcome.js';
import { FORM, form } from './op-outcome.js';

const API = '/rnacos/api/console';

/** Logs in on a node's console as the browser does (captcha off); resolves the session token. */
export async function consoleLogin(consoleUrl: string, username = 'admin', password = 'admin'): Promise<string> {
  const captcha = await fetch(`${consoleUrl}${API}/v2/login/captcha`, { signal: AbortSignal.timeout(5_000) });
  const captchaToken = captcha.headers.get('captcha-token') ?? '';
  await captcha.arrayBuffer();
  const res = await fetch(`${consoleUrl}${API}/v2/login/login`, {
    method: 'POST',
    headers: { ...FORM, cookie: `captcha_token=${captchaToken}` },
    body: form({ username, password: encryptPassword(password, captchaToken), captcha: '' }),
    signal: AbortSignal.timeout(5_000),
  });
  const body = (await res.json()) as { success: boolean; message?: string };
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('token='));
  if (!body.success || !cookie) throw new Error(`console login on ${consoleUrl} failed: ${body.message}`);
  return cookie.slice('token='.length).split(';')[0];
}

export async function consoleGet<T>(consoleUrl: string, path: string, token: string): Promise<T> {
  const res = await fetch(`${consoleUrl}${API}${path}`, {
    headers: { cookie: `token=${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json()) as { success: boolean; data: T; message?: string };
  if (!body.success) throw new Error(`console GET ${path}: ${body.message}`);
  return body.data;
}

/** A console write: success acknowledged; a refusal certain; a system error, 5xx or cut call unknown. */
export async function consolePost(
  consoleUrl: string,
  path: string,
  token: string,
  fields: Record<string, string>,
): Promise<Classified> {
  try {
    const res = await fetch(`${consoleUrl}${API}${path}`, {
      method: 'POST',
      headers: { ...FORM, cookie: `token=${token}` },
      body: form(fields),
      signal: AbortSignal.timeout(6_000),
    });
    const text = await res.text();
    const body = res.headers.get('content-type')?.includes('json')
      ? (JSON.parse(text) as { success: boolean; code?: string; message?: string })
      : undefined;
    if (res.ok && body?.success) return { outcome: 'ok' };
    const detail = `${res.status} ${body?.code ?? ''} ${(body?.message ?? text).slice(0, 80)}`;
    if (res.status < 500 && body && body.code !== 'SYSTEM_ERROR') return { outcome: 'fail', detail };
    return { outcome: 'unknown', detail };
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED'
      ? { outcome: 'fail', detail: 'connection refused' }
      : { outcome: 'unknown', detail: code ?? (err as Error).name };
  }
}
