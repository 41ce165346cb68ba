// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { login, tableRows } from './support/console-page.js';
import { addUser, startConsole, type RunningConsole } from './support/console-server.js';

/** The audit log screen against a real server (real SQLite file), in headless chromium. */
describe('audit log screen (real server, headless chromium)', () => {
  let server: RunningConsole;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await startConsole();
    await addUser(server.app, 'dev', 'dev-password', ['1']);
    // one publish over the SDK port: a row of another door
    const res = await fetch(`${server.sdkUrl}/nacos/v1/cs/configs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ dataId: 'audited.yaml', group: 'G', content: 'a: 1' }).toString(),
    });
    expect(await res.text()).toBe('true');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the rows of every door to an admin, filters them through the URL, and exports them', async () => {
    const { page } = browser;
    await login(page, server.consoleUrl, 'admin', 'admin');
    await page.goto(`${server.consoleUrl}/rnacos/manage/audit`);
    await page.getByRole('columnheader', { name: 'Action' }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const all = await tableRows(page);
    expect(all.some((r) => r.includes('config.publish') && r.includes('http-v1') && r.includes('G/audited.yaml'))).toBe(
      true,
    );
    expect(all.some((r) => r.includes('login.success') && r.includes('admin') && r.includes('console'))).toBe(true);

    await page.getByLabel('Action').fill('config.');
    await page.getByRole('button', { name: 'Query' }).click();
    await page.waitForURL(/action=config\./);
    await expect.poll(async () => (await tableRows(page)).length).toBe(1);
    expect((await tableRows(page))[0]).toContain('anonymous');

    // the filter survives a reload: it is in the URL
    await page.reload();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    expect(await page.getByLabel('Action').inputValue()).toBe('config.');

    const exported = await page.evaluate(async () => {
      const r = await fetch('/rnacos/api/console/v2/audit/export?action=config.&format=jsonl');
      return r.text();
    });
    expect(
      exported
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { action: string }).action),
    ).toEqual(['config.publish']);
  });

  it('is refused to a developer: no menu entry, and the API says NO_PERMISSION', async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    await login(page, server.consoleUrl, 'dev', 'dev-password');
    expect(await page.getByRole('menuitem', { name: 'Audit log' }).count()).toBe(0);
    const answer = await page.evaluate(async () => (await fetch('/rnacos/api/console/v2/audit/list')).json());
    expect(answer).toMatchObject({ success: false, code: 'NO_PERMISSION' });
  });
});
