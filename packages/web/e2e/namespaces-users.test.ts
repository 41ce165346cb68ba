// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openAdminSession } from './support/admin-session.js';
import type { TestBrowser } from './support/browser.js';
import { expectToast, login, menuEntries, tableRows } from './support/console-page.js';
import type { RunningConsole } from './support/console-server.js';

describe('namespace and user screens (real server, headless chromium)', () => {
  let server: RunningConsole;
  let browser: TestBrowser;
  const drawer = () => browser.page.locator('.ant-drawer');
  const namespaces = () => server.app.core.namespaces.list().map((n) => [n.namespaceId, n.namespaceName]);

  beforeAll(async () => {
    ({ server, browser } = await openAdminSession());
  });
  afterAll(() => closeSession({ server, browser }));

  it('creates, renames and deletes a namespace', async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/namespace`);
    await page.getByText('retain space').waitFor();
    await page.locator('button', { hasText: /^New$/ }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Need to input a name').waitFor();
    await drawer().getByLabel('Namespace ID').fill('e2e-dev');
    await drawer().getByLabel('Namespace name').fill('E2E Dev');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'submit success');
    await page.getByRole('cell', { name: 'E2E Dev' }).waitFor();
    expect(namespaces()).toContainEqual(['e2e-dev', 'E2E Dev']);

    await page
      .getByRole('row', { name: /e2e-dev/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    expect(await drawer().getByLabel('Namespace ID').isDisabled()).toBe(true);
    await drawer().getByLabel('Namespace name').fill('E2E Development');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('cell', { name: 'E2E Development' }).waitFor();
    expect(namespaces()).toContainEqual(['e2e-dev', 'E2E Development']);

    await page
      .getByRole('row', { name: /e2e-dev/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'delete success');
    await expect.poll(() => tableRows(page)).toHaveLength(1);
    expect(namespaces().map(([id]) => id)).not.toContain('e2e-dev');
  });

  it('creates a developer limited to one namespace, who then sees only that namespace', async () => {
    const { page } = browser;
    await server.app.core.namespaces.add({ namespaceId: 'team-a', namespaceName: 'Team A' });
    await server.app.core.namespaces.add({ namespaceId: 'team-b', namespaceName: 'Team B' });
    await page.goto(`${server.consoleUrl}/rnacos/manage/user`);
    await page.getByRole('cell', { name: 'admin' }).first().waitFor();
    await page.locator('button', { hasText: /^New$/ }).click();
    await drawer().getByLabel('Username').fill('alice');
    await drawer().getByLabel('Nickname').fill('Alice');
    await drawer().getByLabel('Password', { exact: true }).fill('alice-pw');
    await drawer().getByTestId('roles-picker').click();
    await page.locator('.ant-select-item-option', { hasText: 'developer' }).click();
    await page.keyboard.press('Escape');
    await drawer().getByText('Part', { exact: true }).click();
    await drawer().getByTestId('whitelist-picker').click();
    await page.locator('.ant-select-item-option', { hasText: 'Team A (team-a)' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'submit success');
    await page.getByRole('cell', { name: 'Alice', exact: true }).waitFor();
    const row = await page.getByRole('row', { name: /alice/ }).innerText();
    expect(row).toContain('developer');
    expect(row).toContain('Team A');

    const alice = server.app.core.auth.users.get('alice');
    expect(alice?.roles).toEqual(['1']);
    expect(alice?.namespacePrivilege).toMatchObject({ whitelistIsAll: false, whitelist: ['team-a'] });

    await browser.context.clearCookies();
    await login(page, server.consoleUrl, 'alice', 'alice-pw');
    expect(await menuEntries(page)).not.toContain('Users');
    await page.goto(`${server.consoleUrl}/rnacos/manage/namespace`);
    await page.getByRole('cell', { name: 'Team A' }).waitFor();
    expect((await tableRows(page)).join('\n')).not.toContain('Team B');
    expect(browser.errors).toEqual([]);
  });
});
