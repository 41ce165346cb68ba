// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { expectToast, fillLogin, login, menuEntries } from './support/console-page.js';
import { startConsole, type RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

describe('console login (real server, headless chromium)', () => {
  let server: RunningConsole;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an unknown session is sent to login with redirect_url, and comes back there after logging in', async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/namespace?from=e2e`);
    await page.waitForURL(/\/rnacos\/p\/login\?redirect_url=/);
    const redirect = new URL(page.url()).searchParams.get('redirect_url');
    expect(redirect).toBe('/rnacos/manage/namespace?from=e2e');
    await page.getByRole('img', { name: 'Captcha' }).waitFor();
    await screenshot(page, 'en', 'login');

    // a wrong captcha is refused and a new captcha is shown
    const firstCaptcha = await page.getByRole('img', { name: 'Captcha' }).getAttribute('src');
    await fillLogin(page, 'admin', 'admin', 'XXXX');
    await expectToast(page, 'captcha error');
    await expect.poll(() => page.getByRole('img', { name: 'Captcha' }).getAttribute('src')).not.toBe(firstCaptcha);
    expect(await page.getByLabel('Captcha').inputValue()).toBe('');

    // a wrong password is refused too
    await fillLogin(page, 'admin', 'wrong');
    await expectToast(page, 'User or Password Error');

    await fillLogin(page, 'admin', 'admin');
    await page.waitForURL(`${server.consoleUrl}/rnacos/manage/namespace?from=e2e`);
    await page.getByRole('cell', { name: 'public' }).first().waitFor();
    expect(await page.title()).toBe('Namespaces - tsnacos');
    expect(browser.errors).toEqual([]);
  });

  it('an API call after the session ends redirects to login with the page it came from', async () => {
    const { page, context } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/about`);
    await page.getByTestId('about-username').filter({ hasText: 'admin' }).waitFor();
    await context.clearCookies();
    await page.locator('.app-sider').getByText('Namespaces').click();
    await page.waitForURL(/\/rnacos\/p\/login\?redirect_url=%2Frnacos%2Fmanage%2Fnamespace/);
  });

  it('the validation messages show on blur; the captcha image reloads on click', async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/p/login`);
    await page.getByLabel('Username').focus();
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByText('Need Username').waitFor();
    const before = await page.getByRole('img', { name: 'Captcha' }).getAttribute('src');
    const captchaCall = page.waitForResponse((r) => r.url().endsWith('/v2/login/captcha'));
    await page.getByRole('img', { name: 'Captcha' }).click();
    await captchaCall;
    await expect.poll(() => page.getByRole('img', { name: 'Captcha' }).getAttribute('src')).not.toBe(before);
  });

  it('switches language with a reload and keeps the choice', async () => {
    const { page } = browser;
    await login(page, server.consoleUrl, 'admin', 'admin');
    expect(await menuEntries(page)).toContain('Config list');
    await Promise.all([page.waitForEvent('load'), page.getByText('中', { exact: true }).click()]);
    await page.locator('.app-sider').getByText('配置列表').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh');
    await page.reload();
    await page.locator('.app-sider').getByText('配置列表').waitFor();
    await Promise.all([page.waitForEvent('load'), page.getByText('EN', { exact: true }).click()]);
    await page.locator('.app-sider').getByText('Config list').waitFor();
  });

  it('logs out from the account menu and lands on the login page', async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/about`);
    const captchas: string[] = [];
    const routes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/login/captcha')) captchas.push(r.url());
    });
    await page.exposeFunction('recordRoute', (url: string) => routes.push(url));
    await page.evaluate(() => {
      const push = history.pushState.bind(history);
      const replace = history.replaceState.bind(history);
      const record = (url: unknown) => (window as unknown as { recordRoute(u: string): void }).recordRoute(String(url));
      history.pushState = (data, unused, url) => (record(url), push(data, unused, url));
      history.replaceState = (data, unused, url) => (record(url), replace(data, unused, url));
    });
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectToast(page, 'logout success');
    await page.waitForURL(/\/rnacos\/p\/login$/);
    await page.getByRole('img', { name: 'Captcha' }).waitFor();
    // one navigation, to the plain login page, and one captcha
    expect(routes.filter((r) => r.includes('/p/login'))).toEqual(['/rnacos/p/login']);
    expect(captchas).toHaveLength(1);
    await page.goto(`${server.consoleUrl}/rnacos/manage/about`);
    await page.waitForURL(/\/rnacos\/p\/login\?redirect_url=/);
  });
});
