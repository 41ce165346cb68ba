// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { login } from './support/console-page.js';
import { startConsole, type RunningConsole } from './support/console-server.js';

// Browsers keep one cookie jar per host, whatever the port: two servers on one host share it.
describe('console sessions of two servers on one host (real servers, headless chromium)', () => {
  let first: RunningConsole;
  let second: RunningConsole;
  let browser: TestBrowser;

  beforeAll(async () => {
    [first, second] = await Promise.all([startConsole(), startConsole()]);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([first?.stop(), second?.stop()]);
  });

  const stillLoggedIn = async (server: RunningConsole) => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/namespace`);
    await page.waitForURL(/\/rnacos\/(manage\/namespace|p\/login)/);
    return new URL(page.url()).pathname === '/rnacos/manage/namespace';
  };

  it('logging in on one does not log the other out, and logging out of one keeps the other', async () => {
    const { page } = browser;
    expect(new URL(first.consoleUrl).port).not.toBe(new URL(second.consoleUrl).port);
    await login(page, first.consoleUrl, 'admin', 'admin');
    await login(page, second.consoleUrl, 'admin', 'admin');
    expect(await stillLoggedIn(first)).toBe(true);
    expect(await stillLoggedIn(second)).toBe(true);

    // the page is on the second server: log out there
    const logout = await page.evaluate(async () => {
      const res = await fetch('/rnacos/api/console/v2/login/logout', { method: 'POST' });
      return res.status;
    });
    expect(logout).toBe(200);
    expect(await stillLoggedIn(first)).toBe(true);
    expect(await stillLoggedIn(second)).toBe(false);
  });
});
