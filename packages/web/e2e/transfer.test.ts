// @vitest-environment node
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openAdminSession } from './support/admin-session.js';
import type { TestBrowser } from './support/browser.js';
import { expectToast } from './support/console-page.js';
import type { RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

const chooseFile = (page: Page, buffer: Buffer, name = 'export.data') =>
  page.getByTestId('file-input').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });

const confirmImport = async (page: Page) => {
  const dialog = page.locator('.ant-modal');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await dialog.waitFor({ state: 'hidden' });
};

/** The count the import summary shows for one part. */
const summaryRow = (page: Page, label: string) =>
  page
    .getByTestId('import-summary')
    .locator('tr', { has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) })
    .locator('td')
    .innerText();

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
    await v1('POST', { dataId: KEY.dataId, group: KEY.group, content: 'a=blue', tag: 'blue' });
    await page.goto(`${server.consoleUrl}/rnacos/manage/transfer`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('button', { hasText: /^Download the transfer file$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rnacos_export_\d+\.data$/);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 4).toString()).toBe('naco');

    await v1('DELETE', { dataId: KEY.dataId, group: KEY.group, tag: 'blue' });
    await v1('DELETE', { dataId: KEY.dataId, group: KEY.group });
    expect(server.app.core.configs.get(KEY)).toBeUndefined();
    expect(server.app.core.configs.graysOf(KEY)).toEqual([]);

    // the user hears what the import replaces before anything is written
    await chooseFile(page, file);
    await page
      .locator('.ant-modal')
      .getByText(
        /replace those with the same key on this server: configs and namespaces, Persistent instances, MCP tool specs and servers\./,
      )
      .waitFor();
    expect(server.app.core.configs.get(KEY)).toBeUndefined();
    await confirmImport(page);
    await expectToast(page, 'upload succeeded');
    await expect.poll(() => server.app.core.configs.get(KEY)?.content).toBe('a=1');
    // and sees what was written
    expect(await summaryRow(page, 'Configs')).toBe('1');
    // the tag release came back with its config, served to clients asking with the tag
    expect(await summaryRow(page, 'Gray releases \\(beta and tag\\)')).toBe('1');
    const tagged = await fetch(`${server.sdkUrl}/nacos/v1/cs/configs?dataId=${KEY.dataId}&group=${KEY.group}&tag=blue`);
    expect(await tagged.text()).toBe('a=blue');
    expect(await summaryRow(page, 'Users')).toBe('0');
    await screenshot(page, 'en', 'transfer-import');
  });

  it("keeps this server's passwords unless users are chosen", async () => {
    const { page } = browser;
    const users = server.app.core.auth.users;
    // another admin (this session's own password change would end the session)
    await users.add({ username: 'ops', password: 'from-file', roles: ['0'] });
    await page.goto(`${server.consoleUrl}/rnacos/manage/transfer`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('button', { hasText: /^Download the transfer file$/ }).click(),
    ]);
    const file = readFileSync(await download.path());
    await users.update({ username: 'ops', password: 'changed-here' });

    await chooseFile(page, file);
    await page
      .locator('.ant-modal')
      .getByText(/this server's users and passwords stay as they are/)
      .waitFor();
    await confirmImport(page);
    await page.getByTestId('import-summary').waitFor();
    expect(await users.hasPassword('ops', 'changed-here')).toBe(true);

    await page.getByRole('checkbox', { name: /^Users/ }).check();
    await page.getByText(/an exported admin replaces this server's admin password/).waitFor();
    await chooseFile(page, file);
    await confirmImport(page);
    await expect.poll(() => summaryRow(page, 'Users')).toBe('2');
    expect(await users.hasPassword('ops', 'from-file')).toBe(true);
  });

  it('cancelling the confirmation imports nothing', async () => {
    const { page } = browser;
    await v1('POST', { dataId: 'other.properties', group: KEY.group, content: 'b=1', type: 'properties' });
    await page.goto(`${server.consoleUrl}/rnacos/manage/transfer`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('button', { hasText: /^Download the transfer file$/ }).click(),
    ]);
    const file = readFileSync(await download.path());
    await v1('DELETE', { dataId: 'other.properties', group: KEY.group });
    await chooseFile(page, file);
    await page.locator('.ant-modal').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    expect(server.app.core.configs.get({ ...KEY, dataId: 'other.properties' })).toBeUndefined();
    expect(await page.getByTestId('import-summary').count()).toBe(0);
  });

  it('a file that is not a transfer file is reported as failed', async () => {
    const { page } = browser;
    await chooseFile(page, Buffer.from('not a transfer file'), 'junk.data');
    await confirmImport(page);
    // the toast says why in the console's words, then in the server's
    await expectToast(page, /^Not a valid transfer file; nothing was imported \(upload processing failed: .+\)$/);
    expect(browser.errors).toEqual([]);
  });
});
