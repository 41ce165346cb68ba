import http from 'node:http';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encryptPassword, KNOWN_CAPTCHA, knownCaptcha } from './console-helpers.js';
import { buildTestApp, type TestApp } from './helpers.js';

// Login throttling through the real doors over real sockets. Clients on 127.0.0.x are different source
// addresses (the whole 127/8 is loopback), so one machine plays several hosts.

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

/** One HTTP request from the given local address. */
function request(
  url: string,
  from: string,
  options: { method?: string; body?: string; type?: string; cookie?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.type) headers['content-type'] = options.type;
    if (options.cookie) headers.cookie = options.cookie;
    const req = http.request(url, { method: options.method ?? 'GET', localAddress: from, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]),
        }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const FORM = 'application/x-www-form-urlencoded';
const FREQUENT = 'Frequent login, please try again later';
const LOGIN_PATHS = ['/nacos/v1/auth/login', '/nacos/v1/auth/users/login', '/nacos/v3/auth/user/login'];

let app: TestApp;
let sdk: string;
let consoleBase: string;
let logLines: string[];

beforeEach(async () => {
  logLines = [];
  const logger = pino({ level: 'warn', base: undefined }, { write: (line: string) => logLines.push(line) });
  app = await buildTestApp({
    env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true', RNACOS_SDK_HOST: '127.0.0.1' },
    captchaSource: knownCaptcha,
    logger,
  });
  await app.core.auth.users.add({ username: 'app', password: 'right-password', roles: ['1'] });
  const addresses = await app.listen();
  sdk = addresses.http.replace('0.0.0.0', '127.0.0.1');
  consoleBase = addresses.console!.replace('0.0.0.0', '127.0.0.1');
});
afterEach(() => app.dispose());

const sdkLogin = (from: string, password: string, path = '/nacos/v1/auth/users/login') =>
  request(`${sdk}${path}?username=app`, from, { method: 'POST', type: FORM, body: `password=${password}` });

/** A publish as the Node SDK sends it: username/password on the request itself. */
const publishWithPassword = (from: string, password: string, content: string) =>
  request(`${sdk}/nacos/v1/cs/configs`, from, {
    method: 'POST',
    type: FORM,
    body: new URLSearchParams({
      dataId: 'app.yaml',
      group: 'DEFAULT_GROUP',
      content,
      username: 'app',
      password,
    }).toString(),
  });

/** The browser's login: captcha cookie, encrypted password; resolves the envelope and the session cookie. */
async function consoleLogin(username: string, password: string) {
  const captcha = await request(`${consoleBase}/rnacos/api/console/v2/login/captcha`, '127.0.0.1');
  const captchaCookie = captcha.cookies.find((c) => c.startsWith('captcha_token='))!;
  const captchaToken = captchaCookie.slice('captcha_token='.length);
  const res = await request(`${consoleBase}/rnacos/api/console/v2/login/login`, '127.0.0.1', {
    method: 'POST',
    type: FORM,
    cookie: captchaCookie,
    body: new URLSearchParams({
      username,
      password: encryptPassword(password, captchaToken),
      captcha: KNOWN_CAPTCHA,
    }).toString(),
  });
  return { envelope: JSON.parse(res.body), session: res.cookies.find((c) => c.startsWith('token=')) };
}

const throttleLog = () => logLines.map((l) => JSON.parse(l).msg as string).filter((m) => m.includes('refused after'));

describe('login throttling', () => {
  it('locks only the address that hammers a wrong password over the SDK login', async () => {
    // a well-configured client on the same host logged in before its neighbour went wrong
    expect((await sdkLogin('127.0.0.2', 'right-password')).status).toBe(200);

    const answers: Answer[] = [];
    for (let i = 0; i < 8; i++) answers.push(await sdkLogin('127.0.0.2', 'wrong', LOGIN_PATHS[i % 3]));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(403));
    expect(answers.slice(0, 5).every((a) => JSON.parse(a.body).message === 'unknown user!')).toBe(true);
    expect(answers.slice(5).every((a) => JSON.parse(a.body).message === FREQUENT)).toBe(true);
    const refused = await publishWithPassword('127.0.0.2', 'still-wrong', 'x');
    expect([refused.status, JSON.parse(refused.body).message]).toEqual([403, FREQUENT]);
    const log = throttleLog();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(
      /^SDK login of user "app" from 127\.0\.0\.2 refused after too many attempts without success; the next is allowed in \d+ s$/,
    );

    // the neighbour's token renewal, clients on other hosts, an SDK publish and the console still work
    expect((await sdkLogin('127.0.0.2', 'right-password')).status).toBe(200);
    const renewed = await sdkLogin('127.0.0.3', 'right-password', '/nacos/v1/auth/login');
    expect(JSON.parse(renewed.body).accessToken).toMatch(/^[0-9a-f]{64}$/);
    const published = await publishWithPassword('127.0.0.4', 'right-password', 'a: 1');
    expect([published.status, published.body]).toEqual([200, 'true']);
    expect((await consoleLogin('app', 'right-password')).envelope.success).toBe(true);
  });

  it('keeps the console limit per username without touching SDK logins', async () => {
    for (let i = 0; i < 5; i++) expect((await consoleLogin('app', 'wrong')).envelope.code).toBe('USER_CHECK_ERROR');
    expect((await consoleLogin('app', 'right-password')).envelope).toMatchObject({
      success: false,
      code: 'LOGIN_LIMITE_ERROR',
      message: FREQUENT,
    });
    expect((await sdkLogin('127.0.0.1', 'right-password')).status).toBe(200);
    expect((await publishWithPassword('127.0.0.1', 'right-password', 'b: 2')).body).toBe('true');
  });

  it('limits old-password guesses on a password change', async () => {
    const { session } = await consoleLogin('app', 'right-password');
    const resetPassword = (oldPassword: string) =>
      request(`${consoleBase}/rnacos/api/console/v2/user/reset_password`, '127.0.0.1', {
        method: 'POST',
        type: 'application/json',
        cookie: session,
        body: JSON.stringify({ oldPassword, newPassword: 'taken-over' }),
      }).then((a) => JSON.parse(a.body).code as string | null);
    for (let i = 0; i < 5; i++) expect(await resetPassword(`guess-${i}`)).toBe('OLD_PASSWORD_INVALID');
    expect(await resetPassword('right-password')).toBe('LOGIN_LIMITE_ERROR');
    expect(await app.core.auth.users.authenticate('app', 'right-password')).toBeDefined();
    // logins are counted apart
    expect((await consoleLogin('app', 'right-password')).envelope.success).toBe(true);
    expect((await sdkLogin('127.0.0.1', 'right-password')).status).toBe(200);
  });

  it('takes RNACOS_API_LOGIN_ONE_MINUTE_LIMIT as the SDK rate, per username and address, on every SDK login route', async () => {
    const minuteApp = await buildTestApp({
      env: {
        RNACOS_ENABLE_OPEN_API_AUTH: 'true',
        RNACOS_SDK_HOST: '127.0.0.1',
        RNACOS_API_LOGIN_ONE_MINUTE_LIMIT: '3',
      },
      captchaSource: knownCaptcha,
    });
    try {
      await minuteApp.core.auth.users.add({ username: 'app', password: 'right-password', roles: ['1'] });
      const base = (await minuteApp.listen()).http.replace('0.0.0.0', '127.0.0.1');
      const login = (from: string, password: string, path: string) =>
        request(`${base}${path}?username=app`, from, { method: 'POST', type: FORM, body: `password=${password}` });
      const paths = [...LOGIN_PATHS, '/rnacos/v1/auth/user/login'];
      const messages: string[] = [];
      for (let i = 0; i < 4; i++) messages.push(JSON.parse((await login('127.0.0.5', 'wrong', paths[i])).body).message);
      expect(messages).toEqual(['unknown user!', 'unknown user!', 'unknown user!', FREQUENT]);
      // the hammering address locks only itself; the console keeps its own limit
      const other = await login('127.0.0.6', 'right-password', '/rnacos/v1/auth/user/login');
      expect([other.status, JSON.parse(other.body).username]).toEqual([200, 'app']);
    } finally {
      await minuteApp.dispose();
    }
  });
});
