// The console as a logged-in browser uses it: a server with its console on its own port and no captcha on
// login (RNACOS_CONSOLE_ENABLE_CAPTCHA=false: the password then goes as typed), the session cookies the
// login sets, sent back with every request. Used by regress.ts.
import type { ChildProcess } from 'node:child_process';
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
