// The console as a logged-in browser uses it: a server with its console on its own port and no captcha on
// login (RNACOS_CONSOLE_ENABLE_CAPTCHA=false: the password then goes as typed), the session cookies the
// login sets, sent back with every request. Used by regress.ts and console-compare.ts.
import type { ChildProcess } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { waitHttp } from './lib.js';

const API = '/rnacos/api/console';

/** Settings of a server whose console a bench logs into (with RNACOS_HTTP_CONSOLE_PORT). */
export const CONSOLE_LOGIN_ENV = { RNACOS_CONSOLE_ENABLE_CAPTCHA: 'false' };

/** The console's read of one config, as its config editor asks for it. */
export const consoleConfigPath = (dataId: string, group: string, tenant = '') =>
  `${API}/v2/config/info?${new URLSearchParams({ dataId, group, tenant })}`;

/**
 * Logs in to the console on `port` once it answers (it opens after the SDK ports) and returns the `cookie`
 * header a browser would then send: every cookie the login set.
 */
export async function consoleLogin(
  port: number,
  child: ChildProcess,
  username = 'admin',
  password = 'admin',
): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  await waitHttp(`${base}${API}/v2/login/config`, child);
  const res = await fetch(`${base}${API}/v2/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  const body = (await res.json()) as { success?: boolean };
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!body.success || cookies.length === 0) throw new Error(`console login: ${res.status} ${JSON.stringify(body)}`);
  return cookies.join('; ');
}

/**
 * The console page's own login: a captcha token first (cookie `captcha_token`; no image with the captcha off),
 * then the password AES-128-CBC encrypted with the token's first 16 characters as key and the next 16 as IV,
 * posted with that cookie. r-nacos takes a password without a token only base64-encoded, tsnacos as typed:
 * this way both are asked alike. Returns the `cookie` header of the session.
 */
export async function consoleSpaLogin(
  port: number,
  child: ChildProcess,
  username = 'admin',
  password = 'admin',
): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  await waitHttp(`${base}${API}/v2/login/config`, child);
  // r-nacos adds its admin user half a second or more after it answers: a refused login is tried again, at
  // most 4 times (a fifth refusal within the hour would lock the user out)
  for (let attempt = 1; ; attempt++) {
    const result = await spaLoginOnce(base, username, password);
    if (typeof result === 'string') return result;
    if (result.code !== 'USER_CHECK_ERROR' || attempt === 4)
      throw new Error(`console login: ${JSON.stringify(result)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function spaLoginOnce(base: string, username: string, password: string): Promise<string | { code?: string }> {
  const captcha = await fetch(`${base}${API}/v2/login/captcha`);
  await captcha.arrayBuffer();
  const token = captcha.headers.get('captcha-token') ?? '';
  if (token.length < 32) throw new Error(`console captcha: no token (${captcha.status})`);
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(token.slice(0, 16)), Buffer.from(token.slice(16, 32)));
  const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]).toString('base64');
  const res = await fetch(`${base}${API}/v2/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `captcha_token=${token}` },
    body: new URLSearchParams({ username, password: sealed, captcha: '' }),
  });
  const body = (await res.json()) as { success?: boolean; code?: string };
  // the login clears captcha_token with an empty value: keep what holds one
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='));
  return body.success && cookies.length > 0 ? cookies.join('; ') : body;
}
