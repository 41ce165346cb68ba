import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';
import { encryptPassword, KNOWN_CAPTCHA, knownCaptcha } from './console-helpers.js';

// The browser's login round trip over a real socket: captcha picture, encrypted password, cookies.
describe('console login over HTTP', () => {
  let app: TestApp;
  let base: string;
  beforeAll(async () => {
    app = await buildTestApp({ captchaSource: knownCaptcha });
    base = await app.consoleHttp!.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.dispose());

  const cookieValue = (res: Response, name: string) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith(`${name}=`))
      ?.slice(name.length + 1);

  it('logs in and uses the session cookie', async () => {
    const captcha = await fetch(`${base}/rnacos/api/console/v2/login/captcha`);
    const captchaToken = captcha.headers.get('captcha-token')!;
    const captchaCookie = cookieValue(captcha, 'captcha_token')!;
    expect(captchaCookie.startsWith(`${captchaToken}.`)).toBe(true);
    const png = PNG.sync.read(Buffer.from((await captcha.json()).data, 'base64'));
    expect([png.width, png.height]).toEqual([220, 120]);

    const login = await fetch(`${base}/rnacos/api/console/v2/login/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `captcha_token=${captchaCookie}` },
      body: new URLSearchParams({
        username: 'admin',
        password: encryptPassword('admin', captchaToken),
        captcha: KNOWN_CAPTCHA,
      }),
    });
    expect((await login.json()).success).toBe(true);
    const token = cookieValue(login, 'token')!;
    expect(login.headers.getSetCookie().find((c) => c.startsWith('token='))).toMatch(/HttpOnly/);

    const resources = await fetch(`${base}/rnacos/api/console/v2/user/web_resources`, {
      headers: { cookie: `token=${token}` },
    });
    expect((await resources.json()).data.username).toBe('admin');
    const page = await fetch(`${base}/rnacos/manage/configs`, {
      headers: { cookie: `token=${token}` },
      redirect: 'manual',
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');

    const anonymous = await fetch(`${base}/rnacos/api/console/v2/user/web_resources`);
    expect(anonymous.headers.get('no-login')).toBe('1');
  });
});
