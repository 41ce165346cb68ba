// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { fillLogin } from './support/console-page.js';
import { startConsole, type RunningConsole } from './support/console-server.js';

/**
 * redirect_url values that lead off the console once the browser has read them: tabs and line breaks
 * dropped, `\` read as `/`, `..` resolved, another scheme or host. Each goes into the login page's URL as it
 * is typed (the browser escapes what it must) and percent-encoded.
 */
const HOSTILE = [
  '/%09/evil.example/phish',
  '/\t/evil.example/phish',
  '/\r\n/evil.example/phish',
  '/\\evil.example/phish',
  '/\\/evil.example/phish',
  '//evil.example/phish',
  '%2F%2Fevil.example/phish',
  'http://evil.example/phish',
  'HtTp://evil.example/phish',
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/@evil.example/phish',
  'http://127.0.0.1@evil.example/phish',
  '/rnacos/..//evil.example/phish',
  '/rnacos/%2e%2e/%09/evil.example/phish',
];

/** Where a login without a usable target lands: "/", which the console sends to its about page. */
const HOME = '/rnacos/manage/about';

describe('where a password login leads (real server, headless chromium)', () => {
  let server: RunningConsole;
  let browser: TestBrowser;
  /** Every request the browser made to another origin (answered here with a page of its own). */
  const offsite: string[] = [];
  /** Script a target ran in the console's page (a `javascript:` URL followed). */
  const dialogs: string[] = [];

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    const origin = new URL(server.consoleUrl).origin;
    await browser.context.route(
      (url) => url.origin !== origin,
      (route) => {
        offsite.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>phished</h1>' });
      },
    );
    browser.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  beforeEach(() => {
    offsite.length = 0;
    dialogs.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Logs in on the login page opened with this query and says where the browser ends up. */
  async function loginWith(query: string): Promise<URL> {
    const { page, context } = browser;
    await context.clearCookies();
    await page.goto(`${server.consoleUrl}/rnacos/p/login?${query}`);
    await fillLogin(page, 'admin', 'admin');
    // past the login page, and past "/" on its way home
    await page.waitForURL((url) => !['/rnacos/p/login', '/rnacos', '/rnacos/'].includes(url.pathname));
    await page.waitForLoadState('load');
    return new URL(page.url());
  }

  it.each(HOSTILE)('stays on the server after a login with redirect_url %j', async (target) => {
    for (const query of [`redirect_url=${target}`, `redirect_url=${encodeURIComponent(target)}`]) {
      const landed = await loginWith(query);
      expect({ query, at: landed.origin + landed.pathname }).toEqual({ query, at: server.consoleUrl + HOME });
      await browser.page.locator('.app-sider .ant-menu-root').waitFor();
    }
    expect(offsite).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  it('goes on to a console page as the browser reads it', async () => {
    const landed = await loginWith(`redirect_url=${encodeURIComponent('/rnacos/manage/\tname\nspace?from=e2e')}`);
    expect(landed.href).toBe(`${server.consoleUrl}/rnacos/manage/namespace?from=e2e`);
    await browser.page.getByRole('cell', { name: 'public' }).first().waitFor();
    expect(offsite).toEqual([]);
    expect(browser.errors).toEqual([]);
  });
});
