// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { login, menuEntries } from './support/console-page.js';
import { addUser, startConsole, type RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

const ALL = [
  'Config list',
  'Listening query',
  'Service list',
  'Subscriber list',
  'Tool specs',
  'MCP servers',
  'Registered MCP servers',
  'A2A agents',
  'Users',
  'Namespaces',
  'Data transfer',
  'Audit log',
  'Cluster info',
  'System monitor',
  'About',
];

describe('side menu per role (real server, headless chromium)', () => {
  let server: RunningConsole;
  let oldConsole: RunningConsole;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, oldConsole] = await Promise.all([startConsole(), startConsole({ RNACOS_ENABLE_NO_AUTH_CONSOLE: 'true' })]);
    await addUser(server.app, 'dev', 'dev-password', ['1']);
    await addUser(server.app, 'guest', 'guest-password', ['2']);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), oldConsole?.stop()]);
  });

  const signInAs = async (username: string, password: string) => {
    await browser.context.clearCookies();
    await login(browser.page, server.consoleUrl, username, password);
  };

  it('admin sees every entry and the account menu', async () => {
    await signInAs('admin', 'admin');
    expect(await menuEntries(browser.page)).toEqual(ALL);
    await browser.page.getByTestId('account-menu').filter({ hasText: 'admin' }).waitFor();
  });

  it('a direct load of an unknown page shows the 404 page with the full path; /rnacos/manage the default page', async () => {
    await signInAs('admin', 'admin');
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/nothing?x=1&y=2`);
    await page.waitForURL(/\/rnacos\/404\?path=/);
    expect(new URL(page.url()).searchParams.get('path')).toBe('/manage/nothing?x=1&y=2');
    await page.goto(`${server.consoleUrl}/rnacos/manage`);
    await page.waitForURL(/\/rnacos\/manage\/about$/);
  });

  it('the side menu collapses and comes back; at 390 px it starts hidden, overlays the page and hides after a choice', async () => {
    await signInAs('admin', 'admin');
    const { page } = browser;
    const sider = page.locator('.app-sider');
    await page.goto(`${server.consoleUrl}/rnacos/manage/configs`);
    await page.getByRole('button', { name: 'Query' }).waitFor();
    expect(await sider.boundingBox()).toMatchObject({ width: 200 });
    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBe(0);
    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(200);

    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${server.consoleUrl}/rnacos/manage/configs`);
      await page.getByRole('button', { name: 'Query' }).waitFor();
      expect((await sider.boundingBox())?.width ?? 0).toBe(0);
      // the hidden menu's groups do not pop up over the page
      await page.getByRole('button', { name: 'Query' }).click();
      expect(await page.locator('.ant-menu-submenu-popup:visible').count()).toBe(0);
      // nothing wider than the screen: the page scrolls vertically only
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByTestId('menu-toggle').click();
      await sider.getByText('Service list').click();
      await page.waitForURL(/\/rnacos\/manage\/service/);
      await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBe(0);
      await screenshot(page, 'en', 'narrow-service-list');
    } finally {
      await page.setViewportSize({ width: 1360, height: 860 });
    }
  });

  it("the About page links to this server's own README and docs, served with the console", async () => {
    await signInAs('admin', 'admin');
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/about`);
    for (const name of ['README', 'Architecture']) {
      const href = await page.getByRole('link', { name, exact: true }).getAttribute('href');
      const res = await page.request.get(new URL(href!, server.consoleUrl).toString());
      expect(res.status(), name).toBe(200);
      // rendered to HTML at build time, with the document's first heading
      const body = await res.text();
      expect(res.headers()['content-type'], name).toMatch(/^text\/html/);
      expect(body).toMatch(/^<!doctype html>/);
      expect(body).toMatch(/<h1 id="[^"]+">/);
    }
  });

  it('developer: no users, no data transfer, no audit log; can add services and namespaces', async () => {
    await signInAs('dev', 'dev-password');
    expect(await menuEntries(browser.page)).toEqual(
      ALL.filter((e) => e !== 'Users' && e !== 'Data transfer' && e !== 'Audit log'),
    );
    await browser.page.goto(`${server.consoleUrl}/rnacos/manage/namespace`);
    await browser.page.locator('button', { hasText: /^New$/ }).waitFor();
  });

  it('guest: configs, listening query, services, subscribers, MCP, the AI registry and about only, and no write buttons', async () => {
    await signInAs('guest', 'guest-password');
    expect(await menuEntries(browser.page)).toEqual([
      'Config list',
      'Listening query',
      'Service list',
      'Subscriber list',
      'Tool specs',
      'MCP servers',
      'Registered MCP servers',
      'A2A agents',
      'About',
    ]);
    for (const entry of ['Tool specs', 'MCP servers']) {
      await browser.page.locator('.app-sider').getByText(entry, { exact: true }).click();
      await browser.page.getByRole('button', { name: 'Download' }).waitFor();
      expect(await browser.page.locator('button', { hasText: /^(New|Import|Batch update)$/ }).count()).toBe(0);
    }
    await browser.page.locator('.app-sider').getByText('Config list').click();
    await browser.page.getByRole('button', { name: 'Query' }).waitFor();
    expect(await browser.page.locator('button', { hasText: /^New$/ }).count()).toBe(0);
    await browser.page.goto(`${server.consoleUrl}/rnacos/manage/user`);
    await browser.page.waitForURL(/\/rnacos\/nopermission\?path=/);
    await browser.page.getByText('No permission').first().waitFor();
  });

  it('old console (no login, SDK port): every entry but users and the audit log, no account menu', async () => {
    const { page } = browser;
    await page.goto(`${oldConsole.sdkUrl}/rnacos/manage/about`);
    expect(await menuEntries(page)).toEqual(ALL.filter((e) => e !== 'Users' && e !== 'Audit log'));
    expect(await page.getByTestId('account-menu').count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });
});
