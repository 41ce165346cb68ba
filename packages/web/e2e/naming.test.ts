// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openAdminSession } from './support/admin-session.js';
import type { TestBrowser } from './support/browser.js';
import { expectToast, tableRows } from './support/console-page.js';
import type { RunningConsole } from './support/console-server.js';
import { deregisterInstance, pollInstances, registerInstance } from './support/naming-client.js';
import { screenshot } from './support/screenshots.js';

const SERVICE = 'e2e-orders';
const KEY = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: SERVICE };
const A = { serviceName: SERVICE, ip: '10.9.0.1', port: 8080 };
const B = { serviceName: SERVICE, ip: '10.9.0.2', port: 8080 };

describe('service and instance screens (real server, headless chromium)', () => {
  let server: RunningConsole;
  let browser: TestBrowser;
  const drawer = () => browser.page.locator('.ant-drawer');

  beforeAll(async () => {
    ({ server, browser } = await openAdminSession());
  });
  afterAll(() => closeSession({ server, browser }));

  it('creates a service in the drawer, with validation', async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/service`);
    await page.locator('button', { hasText: /^New$/ }).click();
    await drawer().getByLabel('Protect threshold').fill('2');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Need a service name').waitFor();
    await page.getByText('The protect threshold cannot be less than 0 or greater than 1').waitFor();
    await drawer().getByLabel('Service name').fill(SERVICE);
    await drawer().getByLabel('Protect threshold').fill('1');
    await drawer().getByLabel('Metadata').fill('{"team":"web"}');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'submit success');
    await page.getByRole('cell', { name: SERVICE }).waitFor();
    expect(server.app.core.naming.getService(KEY)?.metadata).toEqual({ team: 'web' });
  });

  it('edits the service with name and group locked', async () => {
    const { page } = browser;
    await page
      .getByRole('row', { name: new RegExp(SERVICE) })
      .getByRole('button', { name: 'Edit' })
      .click();
    expect(await drawer().getByLabel('Service name').isDisabled()).toBe(true);
    expect(await drawer().getByLabel('Group name').isDisabled()).toBe(true);
    await screenshot(page, 'en', 'service-edit');
    await drawer().getByLabel('Metadata').fill('{"team":"web","tier":"gold"}');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'submit success');
    await expect.poll(() => server.app.core.naming.getService(KEY)?.metadata).toEqual({ team: 'web', tier: 'gold' });
  });

  it('lists instances registered over HTTP and takes one offline and back online', async () => {
    const { page } = browser;
    await registerInstance(server.sdkUrl, A, { zone: 'a' });
    await registerInstance(server.sdkUrl, B);
    await page.locator('button', { hasText: /^Query$/ }).click();
    await page
      .getByRole('row', { name: new RegExp(SERVICE) })
      .getByRole('button', { name: 'Instances' })
      .click();
    await page.waitForURL(/\/rnacos\/manage\/service\/instance\?/);
    await page.getByRole('cell', { name: A.ip }).waitFor();
    expect(await tableRows(page)).toHaveLength(2);
    const row = page.getByRole('row', { name: new RegExp(A.ip.replace(/\./g, '\\.')) });
    await row.getByRole('switch').click();
    await expect.poll(() => server.app.core.naming.listInstances(KEY).find((i) => i.ip === A.ip)?.enabled).toBe(false);
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await screenshot(page, 'en', 'instances');
    await row.getByRole('switch').click();
    await expect.poll(() => server.app.core.naming.listInstances(KEY).find((i) => i.ip === A.ip)?.enabled).toBe(true);
  });

  it('edits an instance weight from its drawer', async () => {
    const { page } = browser;
    const row = page.getByRole('row', { name: new RegExp(B.ip.replace(/\./g, '\\.')) });
    await row.getByRole('button', { name: 'Edit' }).click();
    expect(await drawer().getByLabel('IP').isDisabled()).toBe(true);
    await drawer().getByLabel('Weight').fill('-1');
    await page.getByText('The weight cannot be less than 0').waitFor();
    await drawer().getByLabel('Weight').fill('3.5');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'submit success');
    await expect.poll(() => server.app.core.naming.listInstances(KEY).find((i) => i.ip === B.ip)?.weight).toBe(3.5);
  });

  it('shows the service subscribers', async () => {
    const { page } = browser;
    await pollInstances(server.sdkUrl, SERVICE, 53001);
    await page.goto(`${server.consoleUrl}/rnacos/manage/service?namespaceId=`);
    await page
      .getByRole('row', { name: new RegExp(SERVICE) })
      .getByRole('button', { name: 'Subscriber' })
      .click();
    await page.waitForURL(/\/rnacos\/manage\/subscriber\?/);
    await page.getByRole('cell', { name: '53001' }).waitFor();
  });

  it('deletes the service: refused while it has instances, done once they are gone', async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/service`);
    const remove = async () => {
      await page
        .getByRole('row', { name: new RegExp(SERVICE) })
        .getByRole('button', { name: 'Delete' })
        .click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    };
    await remove();
    await expectToast(page, 'The service still has instances: deregister them first');
    expect(server.app.core.naming.getService(KEY)).toBeDefined();
    await deregisterInstance(server.sdkUrl, A);
    await deregisterInstance(server.sdkUrl, B);
    await remove();
    await expectToast(page, 'delete success');
    await expect.poll(() => server.app.core.naming.getService(KEY)).toBeUndefined();
    expect(browser.errors).toEqual([]);
  });
});
