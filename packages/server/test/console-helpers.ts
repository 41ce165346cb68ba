import { createCipheriv } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { renderCaptchaInWorker } from '../src/core/auth/captcha-renderer.js';
import type { CaptchaSource } from '../src/core/auth/captcha-service.js';
import { buildTestApp, type TestApp } from './helpers.js';

export const API = '/rnacos/api/console';
export const KNOWN_CAPTCHA = 'K7P2';

/** The real picture (drawn by the captcha worker) of a text the test knows. */
export const knownCaptcha: CaptchaSource = { text: () => KNOWN_CAPTCHA, render: renderCaptchaInWorker };

export async function buildConsoleApp(
  env: Record<string, string> = {},
): Promise<TestApp & { console: FastifyInstance }> {
  const app = await buildTestApp({ env, captchaSource: knownCaptcha });
  if (!app.consoleHttp) throw new Error('console is disabled');
  return Object.assign(app, { console: app.consoleHttp });
}

export type ConsoleApp = Awaited<ReturnType<typeof buildConsoleApp>>;

/** A console app and an admin session token: where most console route tests start. */
export async function consoleAppWithAdmin(): Promise<{ app: ConsoleApp; admin: string }> {
  const app = await buildConsoleApp();
  return { app, admin: await sessionFor(app, 'admin') };
}

/** What the web console does: AES-128-CBC with key/IV from the captcha token, base64. */
export function encryptPassword(password: string, captchaToken: string): string {
  const cipher = createCipheriv(
    'aes-128-cbc',
    Buffer.from(captchaToken.slice(0, 16)),
    Buffer.from(captchaToken.slice(16, 32)),
  );
  return Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]).toString('base64');
}

export function cookieOf(res: LightMyRequestResponse, name: string): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

/** The browser's console login (captcha, then the password encrypted with it): the login's own answer. */
export async function postConsoleLogin(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<LightMyRequestResponse> {
  const captcha = await app.inject({ method: 'GET', url: `${API}/v2/login/captcha` });
  const captchaToken = String(captcha.headers['captcha-token']);
  return app.inject({
    method: 'POST',
    url: `${API}/v2/login/login`,
    cookies: { captcha_token: cookieOf(captcha, 'captcha_token') ?? '' },
    payload: new URLSearchParams({
      username,
      password: encryptPassword(password, captchaToken),
      captcha: KNOWN_CAPTCHA,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** Logs in through captcha + encrypted password like the browser; resolves the session token. */
export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await postConsoleLogin(app, username, password);
  const body = res.json();
  if (!body.success) throw new Error(`login of ${username} failed: ${res.body}`);
  return cookieOf(res, 'token')!;
}

/** A session without the login round trip, for tests about what a logged-in user may do. */
export async function sessionFor(app: TestApp, username: string): Promise<string> {
  return (await app.core.auth.sessions.create('console', username, 3600)).token;
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string>;
  json?: unknown;
}

export function call(app: FastifyInstance, method: 'GET' | 'POST', path: string, options: CallOptions = {}) {
  return app.inject({
    method,
    url: path.startsWith('/') ? path : `${API}/${path}`,
    query: options.query,
    cookies: options.token ? { token: options.token } : undefined,
    ...(options.json !== undefined
      ? { payload: JSON.stringify(options.json), headers: { 'content-type': 'application/json' } }
      : {}),
  });
}

/** A multipart/form-data body with one file field, as a browser upload sends it. */
export function multipart(field: string, fileName: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----tsnacos' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
