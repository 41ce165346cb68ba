import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  API,
  buildConsoleApp,
  call,
  cookieOf,
  encryptPassword,
  KNOWN_CAPTCHA,
  loginAs,
  type ConsoleApp,
} from '../../../test/console-helpers.js';
import { buildTestApp } from '../../../test/helpers.js';

function loginForm(fields: Record<string, string>, captchaCookie?: string) {
  return {
    method: 'POST' as const,
    url: `${API}/v2/login/login`,
    cookies: captchaCookie ? { captcha_token: captchaCookie } : undefined,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** A captcha as the browser gets it: the token from the header (to encrypt with), the cookie it sends back. */
async function newCaptcha(console: FastifyInstance): Promise<{ token: string; cookie: string }> {
  const res = await call(console, 'GET', 'v2/login/captcha');
  return { token: res.headers['captcha-token'] as string, cookie: cookieOf(res, 'captcha_token')! };
}

describe('console login', () => {
  let app: ConsoleApp;
  beforeEach(async () => {
    app = await buildConsoleApp();
  });
  afterEach(() => app.dispose());

  it('serves a 220x120 PNG captcha with its token in a header and an HttpOnly cookie', async () => {
    const res = await call(app.console, 'GET', 'v2/login/captcha');
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: null, message: null });
    const token = res.headers['captcha-token'] as string;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const cookie = res.cookies.find((c) => c.name === 'captcha_token')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/' });
    // the token first (the encryption's key material), then its expiry and two HMACs
    expect(cookie.value).toMatch(new RegExp(`^${token}\\.\\d{13}\\.[\\w-]{22}\\.[\\w-]{22}$`));
    const png = PNG.sync.read(Buffer.from(body.data, 'base64'));
    expect([png.width, png.height]).toEqual([220, 120]);
    // Not a blank picture: the characters and the noise leave many distinct colours.
    const colours = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4) colours.add(png.data.readUInt32BE(i));
    expect(colours.size).toBeGreaterThan(50);
  });

  it('logs in end to end with an AES-encrypted password, then reaches the API with the cookie or the Token header', async () => {
    const captcha = await newCaptcha(app.console);
    const res = await app.console.inject(
      loginForm(
        { username: 'admin', password: encryptPassword('admin', captcha.token), captcha: KNOWN_CAPTCHA.toLowerCase() },
        captcha.cookie,
      ),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const token = cookieOf(res, 'token')!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data.token).toBe(token);
    const cookie = res.cookies.find((c) => c.name === 'token')!;
    expect(cookie.maxAge).toBe(86400);
    expect(cookieOf(res, 'captcha_token')).toBe('');

    const info = await call(app.console, 'GET', 'v2/user/info', { token });
    expect(info.json()).toEqual({
      data: { username: 'admin', nickname: 'admin' },
      success: true,
      code: null,
      message: null,
    });
    const byHeader = await app.console.inject({ method: 'GET', url: `${API}/v2/user/info`, headers: { token } });
    expect(byHeader.json().data.username).toBe('admin');
  });

  it('answers NO_LOGIN with the No-Login header on API calls without a valid session', async () => {
    for (const token of [undefined, 'short', 'f'.repeat(64), '../../etc/passwd']) {
      const res = await call(app.console, 'GET', 'v2/user/info', { token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['no-login']).toBe('1');
      expect(res.json()).toEqual({ data: null, success: false, code: 'NO_LOGIN', msg: null });
    }
    const unknown = await call(app.console, 'GET', 'v2/not/a/route');
    expect(unknown.json().code).toBe('NO_LOGIN');
  });

  it('redirects pages to the login page when logged out', async () => {
    const res = await app.console.inject({ method: 'GET', url: '/rnacos/manage/configs?x=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/rnacos/p/login?redirect_url=%2Frnacos%2Fmanage%2Fconfigs%3Fx%3D1');
    const login = await app.console.inject({ method: 'GET', url: '/rnacos/p/login' });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toContain('text/html');
  });

  it('carries only a console page of its own in redirect_url, as parsed', async () => {
    const location = async (url: string) => (await app.console.inject({ method: 'GET', url })).headers.location;
    // each would leave the console once a browser resolves it
    for (const url of ['/rnacos/manage/%2e%2e/%2e%2e//evil.example/x', '/rnacos/../%09/evil.example']) {
      expect(await location(url)).toBe('/rnacos/p/login');
    }
    expect(await location('/rnacos/manage/x/../configs?q=<b>')).toBe(
      '/rnacos/p/login?redirect_url=%2Frnacos%2Fmanage%2Fconfigs%3Fq%3D%253Cb%253E',
    );
  });

  it('refuses wrong captchas, wrong passwords and a forged captcha cookie with the documented codes', async () => {
    const noCookie = await app.console.inject(loginForm({ username: 'admin', password: 'x', captcha: KNOWN_CAPTCHA }));
    expect(noCookie.json()).toMatchObject({
      success: false,
      code: 'CAPTCHA_CHECK_ERROR',
      message: 'captcha token is empty',
    });

    const c1 = await newCaptcha(app.console);
    const wrongCaptcha = await app.console.inject(
      loginForm({ username: 'admin', password: encryptPassword('admin', c1.token), captcha: 'ZZZZ' }, c1.cookie),
    );
    expect(wrongCaptcha.json().code).toBe('CAPTCHA_CHECK_ERROR');
    // The captcha was used up by the failed try.
    const reused = await app.console.inject(
      loginForm({ username: 'admin', password: encryptPassword('admin', c1.token), captcha: KNOWN_CAPTCHA }, c1.cookie),
    );
    expect(reused.json().code).toBe('CAPTCHA_CHECK_ERROR');

    const c2 = await newCaptcha(app.console);
    const wrongPassword = await app.console.inject(
      loginForm({ username: 'admin', password: encryptPassword('nope', c2.token), captcha: KNOWN_CAPTCHA }, c2.cookie),
    );
    expect(wrongPassword.json()).toMatchObject({ success: false, code: 'USER_CHECK_ERROR' });

    // a made-up cookie, the bare token, or a real cookie with its expiry moved on
    const c3 = await newCaptcha(app.console);
    const [token, expiresAt, ...tags] = c3.cookie.split('.');
    const later = [token, String(Number(expiresAt) + 3_600_000), ...tags].join('.');
    for (const forgedCookie of ['short', c3.token, later]) {
      const forged = await app.console.inject(
        loginForm(
          { username: 'admin', password: encryptPassword('admin', c3.token), captcha: KNOWN_CAPTCHA },
          forgedCookie,
        ),
      );
      expect(forged.statusCode).toBe(200);
      expect(forged.json().code, forgedCookie).toBe('CAPTCHA_CHECK_ERROR');
    }
    // none of them used the real one up
    const real = await app.console.inject(
      loginForm({ username: 'admin', password: encryptPassword('admin', c3.token), captcha: KNOWN_CAPTCHA }, c3.cookie),
    );
    expect(real.json().success).toBe(true);
  });

  it('locks a username after the hourly number of failed logins', async () => {
    for (let i = 0; i < 5; i++) {
      const c = await newCaptcha(app.console);
      const res = await app.console.inject(
        loginForm({ username: 'admin', password: encryptPassword('bad', c.token), captcha: KNOWN_CAPTCHA }, c.cookie),
      );
      expect(res.json().code).toBe('USER_CHECK_ERROR');
    }
    const c = await newCaptcha(app.console);
    const res = await app.console.inject(
      loginForm({ username: 'admin', password: encryptPassword('admin', c.token), captcha: KNOWN_CAPTCHA }, c.cookie),
    );
    expect(res.json()).toMatchObject({
      success: false,
      code: 'LOGIN_LIMITE_ERROR',
      message: 'Frequent login, please try again later',
    });
  });

  it('logs out: the token stops working', async () => {
    const token = await loginAs(app.console, 'admin', 'admin');
    const out = await call(app.console, 'POST', 'v2/login/logout', { token });
    expect(out.json().data).toBe(true);
    expect(cookieOf(out, 'token')).toBe('');
    expect((await call(app.console, 'GET', 'v2/user/info', { token })).json().code).toBe('NO_LOGIN');
  });

  it('tells the console there is no OAuth2 login', async () => {
    expect((await call(app.console, 'GET', 'v2/login/config')).json().data).toEqual({
      oauth2Enable: false,
      oauth2Button: null,
      oauth2AuthorizeUrl: null,
    });
    const oauth = await call(app.console, 'POST', 'v2/login/oauth2/login', { json: { code: 'x' } });
    expect(oauth.statusCode).toBe(404);
    expect(oauth.json().code).toBe('OAUTH2_NOT_ENABLED');
  });
});

describe('captchas a flood cannot push out', () => {
  it('logs a user in with their captcha after 100,000 more were issued to others', { timeout: 60_000 }, async () => {
    // pictures are not the point here: an instant stand-in, so the flood goes through the service quickly
    const app = await buildTestApp({
      captchaSource: { text: () => KNOWN_CAPTCHA, render: async () => Buffer.alloc(8) },
    });
    try {
      const mine = await newCaptcha(app.consoleHttp!);
      // the server used to keep 100,000 pending captchas and forget the oldest
      for (let i = 0; i < 100_001; i++) await app.core.auth.captcha.issue();
      const res = await app.consoleHttp!.inject(
        loginForm(
          { username: 'admin', password: encryptPassword('admin', mine.token), captcha: KNOWN_CAPTCHA },
          mine.cookie,
        ),
      );
      expect(res.json()).toMatchObject({ success: true });
    } finally {
      await app.dispose();
    }
  });
});

describe('console login without captcha', () => {
  it('returns no picture and accepts the password as typed when there is no captcha token', async () => {
    const app = await buildConsoleApp({ RNACOS_CONSOLE_ENABLE_CAPTCHA: 'false' });
    try {
      const captcha = await call(app.console, 'GET', 'v2/login/captcha');
      expect(captcha.json()).toEqual({ data: null, success: true, code: null, message: null });
      expect(captcha.headers['captcha-token']).toMatch(/^[0-9a-f]{32}$/);
      const res = await app.console.inject(loginForm({ username: 'admin', password: 'admin' }));
      expect(res.json().success).toBe(true);
    } finally {
      await app.dispose();
    }
  });
});

describe('console cookies behind a TLS-terminating proxy', () => {
  it('are Secure when the proxy says the browser came over HTTPS, and not on plain HTTP', async () => {
    const app = await buildConsoleApp({ RNACOS_CONSOLE_ENABLE_CAPTCHA: 'false' });
    try {
      const login = (headers: Record<string, string>) => {
        const form = loginForm({ username: 'admin', password: 'admin' });
        return app.console.inject({ ...form, headers: { ...form.headers, ...headers } });
      };
      const proxied = await login({ 'x-forwarded-proto': 'https' });
      expect(proxied.json().success).toBe(true);
      const tokens = proxied.cookies.filter((c) => c.name.startsWith('token'));
      expect(tokens.length).toBeGreaterThan(0);
      for (const cookie of tokens) expect(cookie, cookie.name).toMatchObject({ secure: true, httpOnly: true });
      const captcha = await app.console.inject({
        method: 'GET',
        url: `${API}/v2/login/captcha`,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(captcha.cookies.find((c) => c.name === 'captcha_token')?.secure).toBe(true);

      const plain = await login({});
      for (const cookie of plain.cookies.filter((c) => c.name.startsWith('token'))) {
        expect(cookie.secure, cookie.name).toBeUndefined();
      }
    } finally {
      await app.dispose();
    }
  });
});
