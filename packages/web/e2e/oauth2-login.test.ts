// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { menuEntries } from './support/console-page.js';
import type { RunningConsole } from './support/console-server.js';
import { startConsoleOn } from './support/oauth2-console.js';
import {
  freePort,
  startProvider,
  TEST_CLIENT_ID,
  TEST_CLIENT_SECRET,
  type TestProvider,
} from './support/oidc-provider.js';
import { screenshot } from './support/screenshots.js';

const CALLBACK = '/rnacos/api/console/v2/login/oauth2/callback';

/** Signs in at the provider's development login page and grants consent the first time it is asked. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  const consent = page.getByRole('button', { name: 'Continue' });
  await Promise.race([
    consent.waitFor().then(() => consent.click()),
    page.waitForURL((url) => !url.href.startsWith(providerUrl)),
  ]);
}
let providerUrl = '';

/** The console's API, called with the browser's cookies (its session). */
async function apiAsBrowser(page: Page, path: string): Promise<{ success: boolean; code: string | null }> {
  const res = await page.request.get(new URL(path, page.url()).href);
  return (await res.json()) as { success: boolean; code: string | null };
}

describe('OAuth2 / OpenID Connect login (real oidc-provider, real server, headless chromium)', () => {
  let provider: TestProvider;
  let oidc: RunningConsole;
  let plain: RunningConsole;
  let browser: TestBrowser;

  beforeAll(async () => {
    const [oidcPort, plainPort] = [await freePort(), await freePort()];
    provider = await startProvider([
      `http://127.0.0.1:${oidcPort}${CALLBACK}`,
      `http://127.0.0.1:${plainPort}/rnacos/p/login`,
    ]);
    providerUrl = provider.issuer;
    const client = {
      RNACOS_OAUTH2_ENABLE: 'true',
      RNACOS_OAUTH2_CLIENT_ID: TEST_CLIENT_ID,
      RNACOS_OAUTH2_CLIENT_SECRET: TEST_CLIENT_SECRET,
    };
    // Keycloak-style: discovery from the issuer, groups mapped to roles, a guest by default
    oidc = await startConsoleOn(oidcPort, {
      ...client,
      RNACOS_OAUTH2_ISSUER: provider.issuer,
      RNACOS_OAUTH2_REDIRECT_URI: `http://127.0.0.1:${oidcPort}${CALLBACK}`,
      RNACOS_OAUTH2_USERNAME_CLAIM_NAME: 'preferred_username',
      RNACOS_OAUTH2_ROLE_CLAIM: 'groups',
      RNACOS_OAUTH2_ROLE_MAP: 'nacos-admins=ADMIN,nacos-devs=DEVELOPER',
      RNACOS_OAUTH2_USER_DEFAULT_ROLE: 'VISITOR',
      RNACOS_OAUTH2_BUTTON: 'Sign in with TestID',
    });
    // r-nacos-style: plain OAuth2 URLs, the login page as redirect URI, r-nacos's default claims
    plain = await startConsoleOn(plainPort, {
      ...client,
      RNACOS_OAUTH2_AUTHORIZATION_URL: `${provider.issuer}/auth`,
      RNACOS_OAUTH2_TOKEN_URL: `${provider.issuer}/token`,
      RNACOS_OAUTH2_USERINFO_URL: `${provider.issuer}/me`,
      RNACOS_OAUTH2_REDIRECT_URI: `http://127.0.0.1:${plainPort}/rnacos/p/login`,
    });
    browser = await launchBrowser();
  });
  // a new browser session at the console and at the provider for each login
  beforeEach(() => browser.context.clearCookies());
  afterAll(async () => {
    await browser?.close();
    await oidc?.stop();
    await plain?.stop();
    await provider?.close();
  });

  it('the login page button leads through the provider into the config list with a working session', async () => {
    const { page } = browser;
    await page.goto(`${oidc.consoleUrl}/rnacos/p/login`);
    const button = page.getByRole('link', { name: 'Sign in with TestID' });
    await button.waitFor();
    await screenshot(page, 'en', 'login-oauth2');
    await button.click();
    await page.waitForURL((url) => url.href.startsWith(provider.issuer));
    await signInAtProvider(page, 'bob');
    await page.waitForURL(`${oidc.consoleUrl}/rnacos/manage/configs`);
    await page.locator('.app-sider .ant-menu-root').waitFor();
    expect(await apiAsBrowser(page, '/rnacos/api/console/v2/config/list?pageNo=1&pageSize=10')).toMatchObject({
      success: true,
    });
    // recorded as an OAuth2 user, with the role its group maps to (developer), the name from the claims
    const bob = oidc.app.core.auth.users.get('bob');
    expect(bob).toMatchObject({ source: 'OAUTH2', roles: ['1'], nickname: 'Bob Builder' });
    // a developer's session: no user management
    expect(await apiAsBrowser(page, '/rnacos/api/console/v2/user/list?pageNo=1&pageSize=10')).toMatchObject({
      success: false,
      code: 'NO_PERMISSION',
    });
    expect(browser.errors).toEqual([]);
  });

  it('a role claim makes an admin; a user without a mapped group gets the default role', async () => {
    const { page } = browser;
    await page.goto(`${oidc.consoleUrl}/rnacos/p/login?redirect_url=${encodeURIComponent('/rnacos/manage/user')}`);
    await page.getByRole('link', { name: 'Sign in with TestID' }).click();
    await signInAtProvider(page, 'alice');
    await page.waitForURL(`${oidc.consoleUrl}/rnacos/manage/user`);
    expect(await menuEntries(page)).toContain('Users');
    expect(oidc.app.core.auth.users.get('alice')?.roles).toEqual(['0']);

    await browser.context.clearCookies();
    await page.goto(`${oidc.consoleUrl}/rnacos/p/login`);
    await page.getByRole('link', { name: 'Sign in with TestID' }).click();
    await signInAtProvider(page, 'carol');
    await page.waitForURL(`${oidc.consoleUrl}/rnacos/manage/configs`);
    expect(oidc.app.core.auth.users.get('carol')?.roles).toEqual(['2']);
  });

  it('a redirect_url that leads off the console, once the browser reads it, ends on the config list', async () => {
    const { page, context } = browser;
    const origin = new URL(oidc.consoleUrl).origin;
    for (const query of [
      'redirect_url=/%09/evil.example/phish',
      `redirect_url=${encodeURIComponent('/\t/evil.example/phish')}`,
      'redirect_url=/rnacos/..//evil.example/phish',
      `redirect_url=${encodeURIComponent('/rnacos/%2e%2e/%2e%2e//evil.example/phish')}`,
    ]) {
      await context.clearCookies();
      await page.goto(`${oidc.consoleUrl}/rnacos/p/login?${query}`);
      await page.getByRole('link', { name: 'Sign in with TestID' }).click();
      await page.waitForURL((url) => url.href.startsWith(provider.issuer));
      await signInAtProvider(page, 'bob');
      // past the provider and the callback
      await page.waitForURL((url) => url.origin !== origin || !url.pathname.includes('/oauth2/'));
      await page.waitForLoadState('load');
      expect({ query, at: page.url() }).toEqual({ query, at: `${oidc.consoleUrl}/rnacos/manage/configs` });
    }
  });

  it("a callback that brings another login's state back is refused on the login page, with no session", async () => {
    const { page, context } = browser;
    await page.goto(`${oidc.consoleUrl}/rnacos/p/login`);
    await page.getByRole('link', { name: 'Sign in with TestID' }).click();
    await page.waitForURL((url) => url.href.startsWith(provider.issuer));
    // meanwhile this browser starts another login (its state cookie is replaced): the provider's answer to
    // the first one no longer matches what the browser holds
    const restart = await page.request.get(`${oidc.consoleUrl}/rnacos/api/console/v2/login/oauth2/authorize`, {
      maxRedirects: 0,
    });
    expect(restart.status()).toBe(302);
    await signInAtProvider(page, 'bob');
    await page.waitForURL(/\/rnacos\/p\/login\?oauth2_error=OAUTH2_STATE_ERROR/);
    await page.getByRole('alert').filter({ hasText: 'not started in this browser' }).waitFor();
    await screenshot(page, 'en', 'login-oauth2-error');
    expect((await context.cookies()).some((c) => c.name.startsWith('token'))).toBe(false);
  });

  it('a state cookie altered in the browser is refused', async () => {
    const { page, context } = browser;
    await page.goto(`${oidc.consoleUrl}/rnacos/p/login`);
    await page.getByRole('link', { name: 'Sign in with TestID' }).click();
    await page.waitForURL((url) => url.href.startsWith(provider.issuer));
    const port = new URL(oidc.consoleUrl).port;
    const cookie = (await context.cookies()).find((c) => c.name === `oauth2_state_${port}`);
    expect(cookie).toBeDefined();
    // the same state, a later expiry: the signature no longer matches
    const [body, mac] = cookie!.value.split('.');
    const sealed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { expiresAt: number };
    sealed.expiresAt += 86_400_000;
    const forged = `${Buffer.from(JSON.stringify(sealed)).toString('base64url')}.${mac}`;
    await context.addCookies([{ ...cookie!, value: forged }]);
    await signInAtProvider(page, 'bob');
    await page.waitForURL(/oauth2_error=OAUTH2_STATE_ERROR/);
    expect((await context.cookies()).some((c) => c.name.startsWith('token'))).toBe(false);
  });

  it('cancelling at the provider shows that the login was denied, in Chinese too', async () => {
    const zh = await launchBrowser('zh');
    try {
      const { page } = zh;
      await page.goto(`${oidc.consoleUrl}/rnacos/p/login`);
      await page.getByRole('link', { name: 'Sign in with TestID' }).waitFor();
      await screenshot(page, 'zh', 'login-oauth2');
      await page.getByRole('link', { name: 'Sign in with TestID' }).click();
      await page.getByRole('link', { name: '[ Cancel ]' }).click();
      await page.waitForURL(/oauth2_error=OAUTH2_DENIED/);
      await page.getByRole('alert').filter({ hasText: '已在认证服务处取消或被拒绝' }).waitFor();
      await screenshot(page, 'zh', 'login-oauth2-denied');
    } finally {
      await zh.close();
    }
  });

  it('plain OAuth2 URLs with the login page as redirect URI (as r-nacos is set up) log in too, to nothing until granted', async () => {
    const { page } = browser;
    await page.goto(`${plain.consoleUrl}/rnacos/p/login`);
    // r-nacos's default button text
    await page.getByRole('link', { name: 'OAuth2.0 登录' }).click();
    await signInAtProvider(page, 'carol');
    await page.waitForURL(`${plain.consoleUrl}/rnacos/manage/configs`);
    await page.locator('.app-sider .ant-menu-root').waitFor();
    // r-nacos's claims (username, name); without a role chosen for new users, a guest of no namespace until
    // an admin grants one (r-nacos made every new user a developer of every namespace)
    expect(plain.app.core.auth.users.get('carol')).toMatchObject({
      source: 'OAUTH2',
      roles: ['2'],
      nickname: 'Carol Guest',
      namespacePrivilege: { whitelistIsAll: false, whitelist: [] },
    });
    expect(await apiAsBrowser(page, '/rnacos/api/console/v2/config/list?pageNo=1&pageSize=10')).toMatchObject({
      success: false,
      code: 'NO_NAMESPACE_PERMISSION',
    });
  });

  it('a provider name spelled like the local admin in other letters is refused, not a second admin', async () => {
    const { page } = browser;
    await page.goto(`${oidc.consoleUrl}/rnacos/p/login`);
    await page.getByRole('link', { name: 'Sign in with TestID' }).click();
    // its group maps to the admin role: recorded, it would have been an admin beside the local one
    await signInAtProvider(page, 'ADMIN');
    await page.waitForURL(/oauth2_error=OAUTH2_USER_CONFLICT/);
    await page.getByRole('alert').filter({ hasText: 'A local user already has this name' }).waitFor();
    expect((await browser.context.cookies()).some((c) => c.name.startsWith('token'))).toBe(false);
    const admins = oidc.app.core.auth.users.all().filter((u) => u.username.toLowerCase() === 'admin');
    expect(admins.map((u) => [u.username, u.source])).toEqual([['admin', 'INNER']]);
  });

  it('callbacks forged from any page never lock a real login out, though all come from one address', async () => {
    const { page } = browser;
    // an <img> on some other page: every visitor's browser sends the callback, none with this browser's state
    const forged = Array.from(
      { length: 8 },
      (_, i) => `<img src="${oidc.consoleUrl}${CALLBACK}?code=forged${i}&state=forged${i}">`,
    );
    await page.goto(`${provider.issuer}/.well-known/openid-configuration`);
    await page.setContent(`<body>${forged.join('')}</body>`);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await page.goto(`${oidc.consoleUrl}/rnacos/p/login`);
    await page.getByRole('link', { name: 'Sign in with TestID' }).click();
    await signInAtProvider(page, 'bob');
    await page.waitForURL(`${oidc.consoleUrl}/rnacos/manage/configs`);
    expect(await apiAsBrowser(page, '/rnacos/api/console/v2/config/list?pageNo=1&pageSize=10')).toMatchObject({
      success: true,
    });
  });

  it('a provider name that a local user holds does not open that account', async () => {
    const { page } = browser;
    await page.goto(`${plain.consoleUrl}/rnacos/p/login`);
    await page.getByRole('link', { name: 'OAuth2.0 登录' }).click();
    await signInAtProvider(page, 'admin');
    await page.getByRole('alert').filter({ hasText: 'A local user already has this name' }).waitFor();
    expect((await browser.context.cookies()).some((c) => c.name.startsWith('token'))).toBe(false);
    expect(plain.app.core.auth.users.get('admin')?.source).toBe('INNER');
  });
});
