import { createServer } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { cookieOf } from '../../../test/console-helpers.js';
import { StateCookieSealer } from './oauth2-state-cookie.js';

const API = '/rnacos/api/console';
const SECRET = 'the-client-secret-that-must-not-leak';
const CALLBACK = 'https://nacos.example/rnacos/api/console/v2/login/oauth2/callback';
const PLAIN = {
  RNACOS_OAUTH2_ENABLE: 'true',
  RNACOS_OAUTH2_CLIENT_ID: 'console',
  RNACOS_OAUTH2_CLIENT_SECRET: SECRET,
  RNACOS_OAUTH2_REDIRECT_URI: CALLBACK,
  RNACOS_OAUTH2_SERVER_URL: 'https://github.example/login',
};

let app: TestApp | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

async function consoleWith(env: Record<string, string>, lines: string[] = []) {
  const logger = pino({ level: 'debug', base: undefined }, { write: (line: string) => lines.push(line) });
  app = await buildTestApp({ env, logger });
  return app.consoleHttp!;
}

/** A local port nothing listens on: a provider that is down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('OAuth2 console routes', () => {
  it('without OAuth2 the login page offers no button and the routes say it is not enabled', async () => {
    const console = await consoleWith({});
    const config = await console.inject({ method: 'GET', url: `${API}/v2/login/config` });
    expect(config.json().data).toEqual({ oauth2Enable: false, oauth2Button: null, oauth2AuthorizeUrl: null });
    const start = await console.inject({ method: 'GET', url: `${API}/v2/login/oauth2/authorize` });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toMatchObject({ success: false, code: 'OAUTH2_NOT_ENABLED' });
  });

  it('a start sends the browser to the provider with PKCE, a state bound to a signed cookie and the fixed redirect URI', async () => {
    const console = await consoleWith({ ...PLAIN, RNACOS_OAUTH2_BUTTON: 'GitHub' });
    const config = await console.inject({ method: 'GET', url: `${API}/v2/login/config` });
    expect(config.json().data).toEqual({
      oauth2Enable: true,
      oauth2Button: 'GitHub',
      oauth2AuthorizeUrl: `${API}/v2/login/oauth2/authorize`,
    });
    // the Host header does not choose where the provider sends the browser back
    const res = await console.inject({
      method: 'GET',
      url: `${API}/v2/login/oauth2/authorize?redirect_url=${encodeURIComponent('/rnacos/manage/namespace?x=1')}`,
      headers: { host: 'evil.example:10848' },
    });
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string);
    expect(to.origin + to.pathname).toBe('https://github.example/login/oauth/authorize');
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: 'console',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid profile',
      code_challenge_method: 'S256',
    });
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.has('nonce')).toBe(false); // plain OAuth2: no ID token to carry it
    const cookie = cookieOf(res, 'oauth2_state_10848');
    const sealed = new StateCookieSealer(SECRET).open(cookie, Date.now());
    expect(sealed?.pending.state).toBe(to.searchParams.get('state'));
    expect(sealed?.next).toBe('/rnacos/manage/namespace?x=1');
    expect(String(res.headers['set-cookie'])).toMatch(/oauth2_state_10848=[^;]+;.*HttpOnly/);
  });

  it.each([
    '//evil.example/x',
    'https://evil.example/',
    '/rnacos/p/login',
    '/rnacos/\\/evil.example',
    '/\t/evil.example/phish',
    '/\\evil.example',
    '/rnacos/..//evil.example/x',
    '/rnacos/%2e%2e/%2e%2e//evil.example/x',
    '/rnacos/\t..\t//evil.example',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    '/@evil.example',
    'http://127.0.0.1:10848@evil.example/rnacos/manage/configs',
    '/nacos/v1/cs/configs',
  ])('a start never leads anywhere but into the console after the login (%s)', async (target) => {
    const console = await consoleWith(PLAIN);
    const res = await console.inject({
      method: 'GET',
      url: `${API}/v2/login/oauth2/authorize?redirect_url=${encodeURIComponent(target)}`,
      headers: { host: '127.0.0.1:10848' },
    });
    const sealed = new StateCookieSealer(SECRET).open(cookieOf(res, 'oauth2_state_10848'), Date.now());
    expect(sealed?.next).toBe('/rnacos/manage/configs');
  });

  it('a start keeps the console page asked for as the browser will read it', async () => {
    const console = await consoleWith(PLAIN);
    const res = await console.inject({
      method: 'GET',
      url: `${API}/v2/login/oauth2/authorize?redirect_url=${encodeURIComponent('/rnacos/manage/\tx/../user?a=<b>')}`,
      headers: { host: '127.0.0.1:10848' },
    });
    const sealed = new StateCookieSealer(SECRET).open(cookieOf(res, 'oauth2_state_10848'), Date.now());
    expect(sealed?.next).toBe('/rnacos/manage/user?a=%3Cb%3E');
  });

  it('a callback this browser did not start, a denial and a provider that is down land on the login page with their reason', async () => {
    const lines: string[] = [];
    const issuer = `http://127.0.0.1:${await closedPort()}/realms/ops`;
    const console = await consoleWith({ ...PLAIN, RNACOS_OAUTH2_ISSUER: issuer }, lines);
    const location = async (url: string) => (await console.inject({ method: 'GET', url })).headers.location;
    expect(await location(`${API}/v2/login/oauth2/callback?code=abc&state=forged`)).toBe(
      '/rnacos/p/login?oauth2_error=OAUTH2_STATE_ERROR',
    );
    expect(await location(`${API}/v2/login/oauth2/callback?error=access_denied&state=x`)).toBe(
      '/rnacos/p/login?oauth2_error=OAUTH2_DENIED',
    );
    expect(await location(`${API}/v2/login/oauth2/authorize`)).toBe(
      '/rnacos/p/login?oauth2_error=OAUTH2_PROVIDER_ERROR',
    );
    // r-nacos's console posts the code to the API instead: the same refusal as an envelope
    const posted = await console.inject({
      method: 'POST',
      url: `${API}/v2/login/oauth2/login`,
      payload: { code: 'abc', state: 'forged' },
    });
    expect(posted.json()).toMatchObject({ success: false, code: 'OAUTH2_STATE_ERROR' });
    expect(lines.some((l) => l.includes('OpenID Connect discovery'))).toBe(true);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('only callbacks that bring back the state this browser holds are counted: forged ones never lock an address', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const console = await consoleWith({
      ...PLAIN,
      RNACOS_OAUTH2_SERVER_URL: down,
      RNACOS_CONSOLE_LOGIN_ONE_HOUR_LIMIT: '2',
    });
    const errorOf = (res: { headers: Record<string, unknown> }) =>
      new URL(String(res.headers.location), 'http://x').searchParams.get('oauth2_error');
    // what an <img> on any page makes every visitor's browser send, all from one address behind a proxy
    for (let i = 0; i < 5; i++) {
      const forged = await console.inject({ method: 'GET', url: `${API}/v2/login/oauth2/callback?code=c&state=s${i}` });
      expect(errorOf(forged)).toBe('OAUTH2_STATE_ERROR');
    }
    // a login this browser started: its callback is tried (the provider is down), and counted
    const host = { host: '127.0.0.1:10848' };
    const started = async () => {
      const start = await console.inject({ method: 'GET', url: `${API}/v2/login/oauth2/authorize`, headers: host });
      const state = new URL(String(start.headers.location)).searchParams.get('state')!;
      return { state, cookie: cookieOf(start, 'oauth2_state_10848')! };
    };
    const callback = async ({ state, cookie }: { state: string; cookie: string }) => {
      const res = await console.inject({
        method: 'GET',
        url: `${API}/v2/login/oauth2/callback?code=c&state=${state}`,
        cookies: { oauth2_state_10848: cookie },
        headers: host,
      });
      return { error: errorOf(res), cleared: res.cookies.some((c) => c.name === 'oauth2_state_10848') };
    };
    expect(await callback(await started())).toEqual({ error: 'OAUTH2_PROVIDER_ERROR', cleared: true });
    // a forged state beside the cookie of a started login neither counts nor ends that login
    const pending = await started();
    expect(await callback({ ...pending, state: 'forged' })).toEqual({ error: 'OAUTH2_STATE_ERROR', cleared: false });
    expect(await callback(pending)).toEqual({ error: 'OAUTH2_PROVIDER_ERROR', cleared: true });
    expect((await callback(await started())).error).toBe('LOGIN_LIMITE_ERROR');
  });
});
