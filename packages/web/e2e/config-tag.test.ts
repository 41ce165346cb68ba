// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openAdminSession } from './support/admin-session.js';
import type { TestBrowser } from './support/browser.js';
import { expectToast } from './support/console-page.js';
import type { RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

const KEY = { namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'tagged.yaml' };

/** What the tag card says, per console language (antd spaces out the two characters of a button's label). */
const TEXTS = {
  en: {
    edit: /^Edit$/,
    tag: 'Tag',
    tagContent: 'Tag content',
    stop: /^Stop$/,
    promote: /^Promote to all$/,
    confirm: /^Confirm$/,
    published: (tag: string) => `Tag release ${tag} published`,
    stopped: (tag: string) => `Tag release ${tag} stopped`,
    promoted: (tag: string) => `Tag release ${tag} promoted to all clients`,
    title: 'Tag releases',
    none: 'No tag release: clients asking with a tag read the content above.',
    mark: 'Tag',
  },
  zh: {
    edit: /^编\s?辑$/,
    tag: '标签',
    tagContent: '标签灰度内容',
    stop: /^停\s?止$/,
    promote: /^全量发布$/,
    confirm: /^确\s?认$/,
    published: (tag: string) => `标签灰度 ${tag} 已发布`,
    stopped: (tag: string) => `标签灰度 ${tag} 已停止`,
    promoted: (tag: string) => `标签灰度 ${tag} 已全量发布`,
    title: '标签灰度发布',
    none: '没有标签灰度发布：带标签的客户端读取上面的内容。',
    mark: '标签',
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  const text = TEXTS[lang];

  describe(`config tag releases (real server, headless chromium, ${lang})`, () => {
    let server: RunningConsole;
    let browser: TestBrowser;
    /** What an SDK client reads over HTTP, asking with `tag` or without. */
    const sdkGet = (tag?: string) =>
      fetch(`${server.sdkUrl}/nacos/v1/cs/configs?dataId=${KEY.dataId}&group=${KEY.group}${tag ? `&tag=${tag}` : ''}`);
    const sdkRead = async (tag?: string) => (await sdkGet(tag)).text();

    beforeAll(async () => {
      ({ server, browser } = await openAdminSession({}, lang));
      await server.app.core.configs.publish({ ...KEY, content: 'v: stable', type: 'yaml' });
    });
    afterAll(() => closeSession({ server, browser }));

    const openEditor = async () => {
      const { page } = browser;
      await page.goto(`${server.consoleUrl}/rnacos/manage/configs`);
      await page
        .getByRole('row', { name: /tagged\.yaml/ })
        .getByRole('button', { name: text.edit })
        .click();
      await page.getByTestId('config-tags').waitFor();
    };
    const publishTag = async (tag: string, content: string) => {
      const { page } = browser;
      await page.getByLabel(text.tag, { exact: true }).fill(tag);
      await page.getByLabel(text.tagContent).fill(content);
      await page.getByTestId('tag-publish').click();
      await expectToast(page, text.published(tag));
    };
    const releaseRow = (tag: string) =>
      browser.page.getByTestId('tag-releases').getByRole('row', { name: new RegExp(`^${tag}\\b`) });

    it('publishes releases for two tags: clients asking with a tag read its content, the list marks it', async () => {
      const { page } = browser;
      await openEditor();
      const card = page.getByTestId('config-tags');
      expect(await card.locator('.ant-card-head-title').innerText()).toBe(text.title);
      expect(await page.getByTestId('tags-none').innerText()).toBe(text.none);
      await publishTag('blue', 'v: blue');
      await releaseRow('blue').waitFor();
      await publishTag('green', 'v: green');
      await releaseRow('green').waitFor();
      await screenshot(page, lang, 'config-tag');
      expect(server.app.core.configs.graysOf(KEY).map((g) => g.grayName)).toEqual(['tag_blue', 'tag_green']);
      expect([await sdkRead('blue'), await sdkRead('green'), await sdkRead()]).toEqual([
        'v: blue',
        'v: green',
        'v: stable',
      ]);

      // Edit loads a release into the form; publishing again replaces it
      await releaseRow('blue').getByRole('button', { name: text.edit }).click();
      expect(await page.getByLabel(text.tagContent).inputValue()).toBe('v: blue');
      await page.getByLabel(text.tagContent).fill('v: blue 2');
      await page.getByTestId('tag-publish').click();
      // the first publish's message may still show: wait for what the client reads
      await expect.poll(() => sdkRead('blue')).toBe('v: blue 2');

      await page.keyboard.press('Escape');
      await page.goto(`${server.consoleUrl}/rnacos/manage/configs`);
      const mark = page.getByRole('row', { name: /tagged\.yaml/ }).getByTestId('tag-mark');
      await mark.waitFor();
      expect(await mark.innerText()).toBe(text.mark);
    });

    it('stops one tag release and promotes the other to every client', async () => {
      const { page } = browser;
      await openEditor();
      await releaseRow('green').getByRole('button', { name: text.stop }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: text.confirm }).click();
      await expectToast(page, text.stopped('green'));
      await releaseRow('green').waitFor({ state: 'detached' });
      // as nacos: a tag with no release answers 404, a read without the tag the stable config
      expect((await sdkGet('green')).status).toBe(404);
      expect(await sdkRead()).toBe('v: stable');

      await releaseRow('blue').getByRole('button', { name: text.promote }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: text.confirm }).click();
      await expectToast(page, text.promoted('blue'));
      await page.getByTestId('tags-none').waitFor();
      expect(server.app.core.configs.get(KEY)?.content).toBe('v: blue 2');
      expect(server.app.core.configs.graysOf(KEY)).toEqual([]);
      expect(await sdkRead()).toBe('v: blue 2');
      expect((await sdkGet('blue')).status).toBe(404);
      // the editor shows the promoted content as the config's
      await page.getByTestId('config-tags').waitFor();
      expect(await page.getByLabel(text.tagContent).inputValue()).toBe('v: blue 2');
      expect(browser.errors).toEqual([]);
    });
  });
}
