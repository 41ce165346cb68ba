// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openAdminSession } from './support/admin-session.js';
import type { TestBrowser } from './support/browser.js';
import { expectToast } from './support/console-page.js';
import type { RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

const KEY = { namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'beta.yaml' };

describe('config beta release (real server, headless chromium)', () => {
  let server: RunningConsole;
  let browser: TestBrowser;
  const sdkRead = async () =>
    (await fetch(`${server.sdkUrl}/nacos/v1/cs/configs?dataId=${KEY.dataId}&group=${KEY.group}`)).text();

  beforeAll(async () => {
    ({ server, browser } = await openAdminSession());
    await server.app.core.configs.publish({ ...KEY, content: 'v: stable', type: 'yaml' });
  });
  afterAll(() => closeSession({ server, browser }));

  const openEditor = async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/configs`);
    await page
      .getByRole('row', { name: /beta\.yaml/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    await page.getByTestId('config-beta').waitFor();
  };

  it('publishes a beta to client IPs: listed clients read it, the list marks the config', async () => {
    const { page } = browser;
    await openEditor();
    await page.getByTestId('beta-none').waitFor();
    await page.getByLabel('Client IPs (comma separated)').fill('127.0.0.1, 10.0.0.8');
    await page.getByLabel('Beta content').fill('v: beta');
    await page.getByTestId('beta-publish').click();
    await expectToast(page, 'Beta published');
    await page.getByTestId('beta-active').waitFor();
    await screenshot(page, 'en', 'config-beta');
    expect(server.app.core.configs.graysOf(KEY).map((g) => g.item.content)).toEqual(['v: beta']);
    expect(server.app.core.configs.get(KEY)?.content).toBe('v: stable');
    // this test's HTTP client is on 127.0.0.1: it reads the beta
    expect(await sdkRead()).toBe('v: beta');

    await page.keyboard.press('Escape');
    await page.goto(`${server.consoleUrl}/rnacos/manage/configs`);
    await page
      .getByRole('row', { name: /beta\.yaml/ })
      .getByTestId('beta-mark')
      .waitFor();
  });

  it('stops the beta, then promotes a new one to every client', async () => {
    const { page } = browser;
    await openEditor();
    await page.getByTestId('beta-active').waitFor();
    await page.getByTestId('beta-stop').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Beta stopped');
    await page.getByTestId('beta-none').waitFor();
    expect(await sdkRead()).toBe('v: stable');

    await page.getByLabel('Client IPs (comma separated)').fill('10.0.0.8');
    await page.getByLabel('Beta content').fill('v: next');
    await page.getByTestId('beta-publish').click();
    await expectToast(page, 'Beta published');
    expect(await sdkRead()).toBe('v: stable'); // not listed
    await page.getByTestId('beta-promote').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Beta promoted to all clients');
    await page.getByTestId('beta-none').waitFor();
    expect(server.app.core.configs.get(KEY)?.content).toBe('v: next');
    expect(server.app.core.configs.graysOf(KEY)).toEqual([]);
    expect(await sdkRead()).toBe('v: next');
    expect(browser.errors).toEqual([]);
  });
});
