// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openAdminSession } from './support/admin-session.js';
import type { TestBrowser } from './support/browser.js';
import { expectToast } from './support/console-page.js';
import type { RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

const KEY = { namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'tagged.yaml' };

describe('config tag releases (real server, headless chromium)', () => {
  let server: RunningConsole;
  let browser: TestBrowser;
  /** What an SDK client reads over HTTP, asking with `tag` or without. */
  const sdkGet = (tag?: string) =>
    fetch(`${server.sdkUrl}/nacos/v1/cs/configs?dataId=${KEY.dataId}&group=${KEY.group}${tag ? `&tag=${tag}` : ''}`);
  const sdkRead = async (tag?: string) => (await sdkGet(tag)).text();

  beforeAll(async () => {
    ({ server, browser } = await openAdminSession());
    await server.app.core.configs.publish({ ...KEY, content: 'v: stable', type: 'yaml' });
  });
  afterAll(() => closeSession({ server, browser }));

  const openEditor = async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/configs`);
    await page
      .getByRole('row', { name: /tagged\.yaml/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    await page.getByTestId('config-tags').waitFor();
  };
  const publishTag = async (tag: string, content: string) => {
    const { page } = browser;
    await page.getByLabel('Tag', { exact: true }).fill(tag);
    await page.getByLabel('Tag content').fill(content);
    await page.getByTestId('tag-publish').click();
    await expectToast(page, `Tag release ${tag} published`);
  };
  const releaseRow = (tag: string) =>
    browser.page.getByTestId('tag-releases').getByRole('row', { name: new RegExp(`^${tag}\\b`) });

  it('publishes releases for two tags: clients asking with a tag read its content, the list marks it', async () => {
    const { page } = browser;
    await openEditor();
    await page.getByTestId('tags-none').waitFor();
    await publishTag('blue', 'v: blue');
    await releaseRow('blue').waitFor();
    await publishTag('green', 'v: green');
    await releaseRow('green').waitFor();
    await screenshot(page, 'en', 'config-tag');
    expect(server.app.core.configs.graysOf(KEY).map((g) => g.grayName)).toEqual(['tag_blue', 'tag_green']);
    expect([await sdkRead('blue'), await sdkRead('green'), await sdkRead()]).toEqual([
      'v: blue',
      'v: green',
      'v: stable',
    ]);

    // Edit loads a release into the form; publishing again replaces it
    await releaseRow('blue').getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByLabel('Tag content').inputValue()).toBe('v: blue');
    await page.getByLabel('Tag content').fill('v: blue 2');
    await page.getByTestId('tag-publish').click();
    // the first publish's message may still show: wait for what the client reads
    await expect.poll(() => sdkRead('blue')).toBe('v: blue 2');

    await page.keyboard.press('Escape');
    await page.goto(`${server.consoleUrl}/rnacos/manage/configs`);
    await page
      .getByRole('row', { name: /tagged\.yaml/ })
      .getByTestId('tag-mark')
      .waitFor();
  });

  it('stops one tag release and promotes the other to every client', async () => {
    const { page } = browser;
    await openEditor();
    await releaseRow('green').getByRole('button', { name: 'Stop' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Tag release green stopped');
    await releaseRow('green').waitFor({ state: 'detached' });
    // as nacos: a tag with no release answers 404, a read without the tag the stable config
    expect((await sdkGet('green')).status).toBe(404);
    expect(await sdkRead()).toBe('v: stable');

    await releaseRow('blue').getByRole('button', { name: 'Promote to all' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Tag release blue promoted to all clients');
    await page.getByTestId('tags-none').waitFor();
    expect(server.app.core.configs.get(KEY)?.content).toBe('v: blue 2');
    expect(server.app.core.configs.graysOf(KEY)).toEqual([]);
    expect(await sdkRead()).toBe('v: blue 2');
    expect((await sdkGet('blue')).status).toBe(404);
    // the editor shows the promoted content as the config's
    await page.getByTestId('config-tags').waitFor();
    expect(await page.getByLabel('Tag content').inputValue()).toBe('v: blue 2');
    expect(browser.errors).toEqual([]);
  });
});
