// @vitest-environment node
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN } from '../../server/src/core/auth/user-model.js';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { LOGIN_EN, LOGIN_ZH, login } from './support/console-page.js';
import { startConsole, type RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

const TEXTS = {
  en: {
    login: LOGIN_EN,
    newButton: 'New',
    repository: 'tsnacos (this server)',
    nacos: 'nacos (client protocol)',
    rnacos: 'r-nacos (console API, settings, transfer format)',
    architecture: 'Architecture',
    sourceLabel: 'Source repositories',
  },
  zh: {
    login: LOGIN_ZH,
    newButton: '新建',
    repository: 'tsnacos（本服务）',
    nacos: 'nacos（客户端协议）',
    rnacos: 'r-nacos（控制台接口、配置项、数据迁移格式）',
    architecture: '架构说明',
    sourceLabel: '源码仓库',
  },
} as const;

/** The repository named in the root package.json, as a browser opens it. */
const PROJECT_REPOSITORY = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { repository: { url: string } }
).repository.url
  .replace(/^git\+/, '')
  .replace(/\.git$/, '');

/** How many lines each label of the page's field lists takes. */
const labelLines = (page: Page) =>
  page.locator('.ant-descriptions-item-label').evaluateAll((labels) =>
    labels.map((label) => {
      const range = document.createRange();
      range.selectNodeContents(label);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return { text: label.textContent, lines: tops.size };
    }),
  );

/** The gaps between consecutive buttons of a bar (on one line: horizontal; wrapped: vertical). */
const buttonGaps = (bar: Locator) =>
  bar.locator('button').evaluateAll((buttons) =>
    buttons.slice(1).map((button, i) => {
      const a = buttons[i].getBoundingClientRect();
      const b = button.getBoundingClientRect();
      return Math.max(b.left - a.right, b.top - a.bottom);
    }),
  );

/**
 * The detail screens at phone width, the create buttons of the list toolbars and the about page's links,
 * in both languages.
 */
describe('narrow detail screens, toolbars and the about page (real server, headless chromium)', () => {
  let server: RunningConsole;
  let serverId = 0;
  const browsers: TestBrowser[] = [];

  beforeAll(async () => {
    server = await startConsole();
    const { mcp } = server.app.core;
    const specKey = { namespace: 'public', group: 'DEFAULT_GROUP', toolName: 'get_order' };
    await mcp.saveSpecs(
      [{ key: specKey, function: { name: 'get_order', description: 'An order', inputSchema: { type: 'object' } } }],
      'admin',
    );
    const routeRule = {
      protocol: 'http',
      url: '/orders/{{id}}',
      method: 'GET',
      additionHeaders: {},
      convertType: 'JSON_TO_URL' as const,
      serviceNamespace: '',
      serviceGroup: 'DEFAULT_GROUP',
      serviceName: 'orders',
    };
    const admin = { user: 'admin', roles: [ROLE_ADMIN] };
    serverId = await mcp.addServer(
      { uniqueKey: 'orders-mcp', name: 'Orders MCP', authKeys: ['key-1'], tools: [{ specKey, routeRule }] },
      admin,
    );
    await mcp.updateServer(serverId, { description: 'Orders as tools, v2' }, admin);
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
  });

  for (const lang of ['en', 'zh'] as const) {
    const text = TEXTS[lang];

    it(`at 390 px the detail screens keep their labels on one line and their buttons apart (${lang})`, async () => {
      const browser = await launchBrowser(lang);
      browsers.push(browser);
      const { page } = browser;
      await login(page, server.consoleUrl, 'admin', 'admin', text.login);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.consoleUrl}/rnacos/manage/mcpserver?namespaceId=&id=${serverId}`);
      await page.getByText('/rnacos/mcp/orders-mcp/key-1').first().waitFor();
      const labels = await labelLines(page);
      expect(labels.length).toBeGreaterThan(8);
      expect(labels.filter((l) => l.lines > 1)).toEqual([]);
      expect(Math.min(...(await buttonGaps(page.locator('.page-header-extra'))))).toBeGreaterThanOrEqual(4);
      await screenshot(page, lang, 'narrow-mcp-server-detail');

      await page.goto(
        `${server.consoleUrl}/rnacos/manage/mcptoolspec/detail?namespaceId=&group=DEFAULT_GROUP&toolName=get_order`,
      );
      await page.locator('.cm-line').first().waitFor();
      expect((await labelLines(page)).filter((l) => l.lines > 1)).toEqual([]);
      const gaps = await buttonGaps(page.locator('.page-header-extra'));
      expect(gaps).toHaveLength(1);
      expect(gaps[0]).toBeGreaterThanOrEqual(4);
      await screenshot(page, lang, 'narrow-tool-spec-detail');
      expect(browser.errors).toEqual([]);
    });

    it(`every list toolbar creates with "+ ${text.newButton}", as the config list does (${lang})`, async () => {
      const browser = await launchBrowser(lang);
      browsers.push(browser);
      const { page } = browser;
      await login(page, server.consoleUrl, 'admin', 'admin', text.login);
      // antd spaces out a button's two Chinese characters
      const label = new RegExp(`^${[...text.newButton].join('\\s?')}$`);
      for (const path of ['configs', 'service', 'mcptoolspec', 'mcpserver', 'user', 'namespace']) {
        await page.goto(`${server.consoleUrl}/rnacos/manage/${path}`);
        const create = page.locator('.page-body button', { hasText: label });
        await create.waitFor();
        expect(await create.locator('.anticon-plus').count(), path).toBe(1);
        expect(await page.locator('.page-body button', { hasText: /^(Add|新\s?增)$/ }).count(), path).toBe(0);
      }
      await page.goto(`${server.consoleUrl}/rnacos/manage/mcptoolspec`);
      await screenshot(page, lang, 'tool-spec-toolbar');
      expect(browser.errors).toEqual([]);
    });

    it(`the about page links this project's repository, with link labels in the page's language (${lang})`, async () => {
      const browser = await launchBrowser(lang);
      browsers.push(browser);
      const { page } = browser;
      await login(page, server.consoleUrl, 'admin', 'admin', text.login);
      await page.goto(`${server.consoleUrl}/rnacos/manage/about`);
      await page.getByText(text.sourceLabel).waitFor();
      expect(await page.getByRole('link', { name: text.repository }).getAttribute('href')).toBe(PROJECT_REPOSITORY);
      expect(await page.getByRole('link', { name: text.nacos }).getAttribute('href')).toBe(
        'https://github.com/alibaba/nacos',
      );
      expect(await page.getByRole('link', { name: text.rnacos }).getAttribute('href')).toBe(
        'https://github.com/nacos-group/r-nacos',
      );
      expect(await page.getByRole('link', { name: text.architecture }).getAttribute('href')).toBe(
        '/rnacos/docs/architecture.html',
      );
      await screenshot(page, lang, 'about-links');
      expect(browser.errors).toEqual([]);
    });
  }
});
