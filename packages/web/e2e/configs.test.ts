// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openAdminSession } from './support/admin-session.js';
import type { TestBrowser } from './support/browser.js';
import { expectToast, tableRows } from './support/console-page.js';
import type { RunningConsole } from './support/console-server.js';
import { editorText, setEditorText } from './support/editor.js';
import { screenshot } from './support/screenshots.js';

const KEY = { namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'app.json' };

describe('config screens (real server, headless chromium)', () => {
  let server: RunningConsole;
  let browser: TestBrowser;
  const content = () => server.app.core.configs.get(KEY)?.content;

  beforeAll(async () => {
    ({ server, browser } = await openAdminSession());
  });
  afterAll(() => closeSession({ server, browser }));

  it('creates a config; invalid JSON needs an explicit confirm', async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/configs`);
    await page.locator('button', { hasText: /^New$/ }).click();
    await page.locator('.ant-drawer').getByLabel('Data ID').fill('app.json');
    // the format follows the dataId's extension
    await page.locator('.ant-radio-button-wrapper-checked').filter({ hasText: 'JSON' }).waitFor();
    await page.getByLabel('Description').fill('e2e config');
    await setEditorText(page, '{"a": 1,}');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish invalid content?').waitFor();
    await page.getByTestId('content-error').waitFor();
    await screenshot(page, 'en', 'config-invalid');
    expect(content()).toBeUndefined();
    await page.getByRole('button', { name: 'Publish anyway' }).click();
    await expectToast(page, 'submit success');
    expect(content()).toBe('{"a": 1,}');
    await page.getByRole('cell', { name: 'app.json' }).waitFor();
    expect(await tableRows(page)).toEqual([expect.stringContaining('e2e config')]);
  });

  it('edits with a diff of old and new before publishing', async () => {
    const { page } = browser;
    await page
      .getByRole('row', { name: /app\.json/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    await expect.poll(() => editorText(page)).toBe('{"a": 1,}');
    expect(await page.locator('.ant-drawer').getByLabel('Data ID').isDisabled()).toBe(true);
    await setEditorText(page, '{"a": 2}');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Review changes before publishing').waitFor();
    await page.getByTestId('diff-view').waitFor();
    await screenshot(page, 'en', 'config-publish-diff');
    expect(content()).toBe('{"a": 1,}');
    await page.locator('.ant-modal').getByRole('button', { name: 'Publish' }).click();
    await expectToast(page, 'submit success');
    expect(content()).toBe('{"a": 2}');
  });

  it('history shows both versions, diffs one against the current content and recovers it', async () => {
    const { page } = browser;
    await page
      .getByRole('row', { name: /app\.json/ })
      .getByRole('button', { name: 'History' })
      .click();
    await page.waitForURL(/\/rnacos\/manage\/config\/history\?/);
    await expect.poll(async () => (await tableRows(page)).length).toBe(2);
    const older = page.getByRole('row').filter({ hasText: 'app.json' }).last();
    await older.getByRole('button', { name: 'Diff' }).click();
    await page.getByTestId('diff-view').waitFor();
    await page.getByText('compared with the current content').waitFor();
    await screenshot(page, 'en', 'config-history-diff');
    await page.keyboard.press('Escape');
    await older.getByRole('button', { name: 'Recover' }).click();
    await page.getByText(/Recover the content of record/).waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'recover success');
    expect(content()).toBe('{"a": 1,}');
    await expect.poll(async () => (await tableRows(page)).length).toBe(3);
  });

  it('exports the list as a zip, deletes the config and imports the zip back', async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/configs`);
    await page.getByRole('cell', { name: 'app.json' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('button', { hasText: /^Export$/ }).click(),
    ]);
    const zipPath = await download.path();
    expect(readFileSync(zipPath).subarray(0, 2).toString()).toBe('PK');

    await page
      .getByRole('row', { name: /app\.json/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'delete success');
    await expect.poll(() => tableRows(page)).toEqual([]);
    expect(content()).toBeUndefined();

    await page.locator('button', { hasText: /^Import$/ }).click();
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'configs.zip', mimeType: 'application/zip', buffer: readFileSync(zipPath) });
    await expectToast(page, 'upload succeeded');
    await page.locator('.ant-modal [data-status="finished"]').waitFor();
    await screenshot(page, 'en', 'config-import');
    await page.keyboard.press('Escape');
    await page.getByRole('cell', { name: 'app.json' }).waitFor();
    expect(content()).toBe('{"a": 1,}');
  });

  it('keeps namespace and filters in the URL across reloads', async () => {
    const { page } = browser;
    await page.getByPlaceholder('Data ID').fill('nothing-matches');
    await page.getByRole('button', { name: 'Query' }).click();
    await page.waitForURL(/dataId=nothing-matches/);
    await expect.poll(() => tableRows(page)).toEqual([]);
    await page.reload();
    expect(await page.getByPlaceholder('Data ID').inputValue()).toBe('nothing-matches');
    await page.goBack();
    await page.getByRole('cell', { name: 'app.json' }).waitFor();
    expect(browser.errors).toEqual([]);
  });
});
