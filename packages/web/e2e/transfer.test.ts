// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openAdminSession } from './support/admin-session.js';
import type { TestBrowser } from './support/browser.js';
import { expectToast } from './support/console-page.js';
import type { RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

const KEY = { namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'moved.properties' };

describe('data transfer screen (real server, headless chromium)', () => {
  let server: RunningConsole;
  let browser: TestBrowser;

  const v1 = (method: string, params: Record<string, string>) =>
    fetch(`${server.sdkUrl}/nacos/v1/cs/configs`, {
      method,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    });

  beforeAll(async () => {
    ({ server, browser } = await openAdminSession());
  });
  afterAll(() => closeSession({ server, browser }));

  it('downloads a transfer file and imports it back after the data is gone', async () => {
    const { page } = browser;
    await v1('POST', { dataId: KEY.dataId, group: KEY.group, content: 'a=1', type: 'properties' });
    await page.goto(`${server.consoleUrl}/rnacos/manage/transfer`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('button', { hasText: /^Download the transfer file$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rnacos_export_\d+\.data$/);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 4).toString()).toBe('naco');

    await v1('DELETE', { dataId: KEY.dataId, group: KEY.group });
    expect(server.app.core.configs.get(KEY)).toBeUndefined();

    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'export.data', mimeType: 'application/octet-stream', buffer: file });
    await expectToast(page, 'upload succeeded');
    await page.locator('[data-status="finished"]').waitFor();
    await screenshot(page, 'en', 'transfer-import');
    await expect.poll(() => server.app.core.configs.get(KEY)?.content).toBe('a=1');
  });

  it('a file that is not a transfer file is reported as failed', async () => {
    const { page } = browser;
    await page.getByTestId('file-input').setInputFiles({
      name: 'junk.data',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('not a transfer file'),
    });
    // the toast says why, in the server's words
    await expectToast(page, /^upload processing failed: .+/);
    await page.locator('[data-status="error"]').waitFor();
    expect(browser.errors).toEqual([]);
  });
});
