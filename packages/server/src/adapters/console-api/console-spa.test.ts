import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { call, knownCaptcha, sessionFor } from '../../../test/console-helpers.js';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/rnacos/assets/index-abc123.js"></script></body></html>';

const BIG = `export const words = ${JSON.stringify('lorem ipsum '.repeat(2000))};`;

function fakeDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'big-abc123.js'), BIG);
  writeFileSync(path.join(dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG));
  writeFileSync(path.join(dir, 'assets', 'big-abc123.js.gz'), gzipSync(BIG));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  mkdirSync(path.join(dir, 'docs'));
  writeFileSync(path.join(dir, 'docs', 'README.md'), '# tsnacos\n');
  writeFileSync(path.join(dir, 'docs', 'README.html'), '<!doctype html><h1>tsnacos</h1>\n');
  return dir;
}

describe('web console files on the console port', () => {
  let dist: string;
  let app: TestApp;
  beforeAll(async () => {
    dist = fakeDist();
    app = await buildTestApp({ webDist: pathToFileURL(dist + '/'), captchaSource: knownCaptcha });
  });
  afterAll(async () => {
    await app.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for every console page once logged in (history fallback), uncached', async () => {
    const token = await sessionFor(app, 'admin');
    for (const url of ['/rnacos', '/rnacos/', '/rnacos/manage/configs', '/rnacos/manage/service/instance?x=1']) {
      const res = await app.consoleHttp!.inject({ method: 'GET', url, cookies: { token } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
    expect((await app.consoleHttp!.inject({ method: 'GET', url: '/rnacos/p/login' })).body).toBe(INDEX);
  });

  it('serves the console for pages no role knows, so it shows its 404 page (or its default page)', async () => {
    const token = await sessionFor(app, 'admin');
    for (const url of ['/rnacos/manage', '/rnacos/manage/nothing?x=1&y=2', '/rnacos/some/where']) {
      const res = await app.consoleHttp!.inject({ method: 'GET', url, cookies: { token } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
    }
    // a guest opening a known page beyond its roles still goes to the no-permission page
    await app.core.auth.users.add({ username: 'guest9', password: 'pw-password', roles: ['2'] });
    const guest = await sessionFor(app, 'guest9');
    const denied = await app.consoleHttp!.inject({
      method: 'GET',
      url: '/rnacos/manage/user',
      cookies: { token: guest },
    });
    expect(denied.headers.location).toBe('/rnacos/nopermission?path=/rnacos/manage/user');
    // missing files are still 404
    const missing = await app.consoleHttp!.inject({ method: 'GET', url: '/rnacos/assets/none.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('serves the documentation the About page links to, as text, without login', async () => {
    const res = await app.consoleHttp!.inject({ method: 'GET', url: '/rnacos/docs/README.md' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('# tsnacos\n');
    const page = await app.consoleHttp!.inject({ method: 'GET', url: '/rnacos/docs/README.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<h1>tsnacos</h1>');
  });

  it('sends the precompressed copy a browser accepts (brotli, else gzip, else the file)', async () => {
    const url = '/rnacos/assets/big-abc123.js';
    const get = (encoding?: string) =>
      app.consoleHttp!.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);
    expect(br.rawPayload.length).toBeLessThan(BIG.length / 10);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
  });

  it('serves hashed assets without login and with a long cache lifetime', async () => {
    const res = await app.consoleHttp!.inject({ method: 'GET', url: '/rnacos/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('max-age=604800, public');
    expect((await app.consoleHttp!.inject({ method: 'GET', url: '/rnacos/favicon.svg' })).statusCode).toBe(200);
    expect((await app.consoleHttp!.inject({ method: 'GET', url: '/rnacos/assets/missing.js' })).statusCode).toBe(404);
    expect(
      (await app.consoleHttp!.inject({ method: 'GET', url: '/rnacos/assets/../../../etc/passwd.js' })).statusCode,
    ).toBe(404);
  });

  it('sends un-prefixed legacy pages to /rnacos', async () => {
    const res = await app.consoleHttp!.inject({ method: 'GET', url: '/manage/configs?a=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/rnacos/manage/configs?a=1');
    expect((await app.consoleHttp!.inject({ method: 'GET', url: '/' })).headers.location).toBe('/rnacos/');
  });

  it('points browsers on the SDK port to the console port', async () => {
    const res = await app.sdkHttp.inject({ method: 'GET', url: '/rnacos/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('RNACOS_ENABLE_NO_AUTH_CONSOLE');
    const api = await app.sdkHttp.inject({ method: 'GET', url: '/rnacos/api/console/v2/namespaces/list' });
    expect(api.body).not.toContain('"success":true');
  });
});

describe('old console mode (RNACOS_ENABLE_NO_AUTH_CONSOLE)', () => {
  it('serves the console API without login on the SDK port, as OLD_CONSOLE', async () => {
    const app = await buildTestApp({ env: { RNACOS_ENABLE_NO_AUTH_CONSOLE: 'true' } });
    try {
      const resources = (await call(app.sdkHttp, 'GET', 'v2/user/web_resources')).json().data;
      expect(resources).toMatchObject({ from: 'OLD_CONSOLE', username: null });
      expect(resources.resources).toContain('CONFIG_UPDATE');
      expect(
        (
          await call(app.sdkHttp, 'POST', 'v2/config/update', { json: { dataId: 'd', group: 'G', content: 'x' } })
        ).json().data,
      ).toBe(true);
      expect((await call(app.sdkHttp, 'GET', 'v2/user/info')).json()).toMatchObject({
        success: false,
        code: 'NOT_FOUND_USER_SESSION',
      });
      // The console port still wants a login.
      expect((await call(app.consoleHttp!, 'GET', 'v2/namespaces/list')).json().code).toBe('NO_LOGIN');
    } finally {
      await app.dispose();
    }
  });

  it('is never on while OpenAPI auth is', async () => {
    const app = await buildTestApp({
      env: { RNACOS_ENABLE_NO_AUTH_CONSOLE: 'true', RNACOS_ENABLE_OPEN_API_AUTH: 'true' },
    });
    try {
      const res = await call(app.sdkHttp, 'GET', 'v2/user/web_resources');
      expect(res.body).not.toContain('OLD_CONSOLE');
    } finally {
      await app.dispose();
    }
  });
});
