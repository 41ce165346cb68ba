// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { LOGIN_EN, LOGIN_ZH, login } from './support/console-page.js';
import { startConsole, type RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

/**
 * A developer who may use only some namespaces (not the public one) lands in the first of them on every
 * namespaced list, never on an empty selector or a refusal of the public namespace.
 */
describe('the namespace a limited developer lands in (real server, headless chromium)', () => {
  let server: RunningConsole;
  const browsers: TestBrowser[] = [];

  beforeAll(async () => {
    server = await startConsole();
    const { app } = server;
    await app.core.namespaces.add({ namespaceId: 'team-a', namespaceName: 'Team A' });
    await app.core.namespaces.add({ namespaceId: 'team-b', namespaceName: 'Team B' });
    await app.core.auth.users.add({
      username: 'dev-a',
      password: 'dev-a-password',
      roles: ['1'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['team-a'] },
    });
    await fetch(`${server.sdkUrl}/nacos/v1/cs/configs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ tenant: 'team-a', dataId: 'team-a.yaml', group: 'DEFAULT_GROUP', content: 'a: 1' }),
    });
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`lands in the first namespace the developer may use, with no refusal (${lang})`, async () => {
      const browser = await launchBrowser(lang);
      browsers.push(browser);
      const { page } = browser;
      const refusals: string[] = [];
      page.on('response', async (res) => {
        if (!res.url().includes('/rnacos/api/')) return;
        const body = await res.text().catch(() => '');
        if (body.includes('NO_NAMESPACE_PERMISSION')) refusals.push(res.url());
      });
      await login(page, server.consoleUrl, 'dev-a', 'dev-a-password', lang === 'en' ? LOGIN_EN : LOGIN_ZH);
      const selector = page.getByTestId('namespace-selector');
      for (const path of ['configs', 'service', 'mcptoolspec', 'mcpserver']) {
        await page.goto(`${server.consoleUrl}/rnacos/manage/${path}`);
        await selector.getByText('Team A (team-a)', { exact: true }).waitFor();
        if (path === 'configs') {
          await page.getByRole('cell', { name: 'team-a.yaml' }).waitFor();
          await screenshot(page, lang, 'limited-developer-configs');
        }
      }
      expect(refusals).toEqual([]);
      expect(await page.locator('.ant-message-notice').count()).toBe(0);
      expect(browser.errors).toEqual([]);
    });
  }
});
