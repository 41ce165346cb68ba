// @vitest-environment node
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN } from '../../server/src/core/auth/user-model.js';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { expectToast, LOGIN_EN, LOGIN_ZH, login } from './support/console-page.js';
import { startConsole, type RunningConsole } from './support/console-server.js';
import { setEditorText } from './support/editor.js';
import { startHttpService, type HttpService } from './support/http-service.js';
import { registerInstance } from './support/naming-client.js';
import { screenshot } from './support/screenshots.js';

const SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' }, days: { type: 'integer' } },
  required: ['city'],
};

const TEXTS = {
  en: {
    login: LOGIN_EN,
    edit: 'Edit',
    confirm: /^Confirm$/,
    schemaRefused: 'The input schema is not valid: /type must be "object"',
    syntaxRefused: 'The input schema is not valid: is not valid JSON',
    tryTab: 'Try a tool',
    call: 'Call',
    success: 'Success',
    argumentsRefused: "The arguments do not match the input schema: must have required property 'city'",
    argumentsType: 'The arguments do not match the input schema: /days must be integer',
  },
  zh: {
    login: LOGIN_ZH,
    edit: '编辑',
    confirm: /^确\s?认$/,
    schemaRefused: '入参定义无效：/type 应当是 "object"',
    syntaxRefused: '入参定义无效：不是有效的 JSON',
    tryTab: '试用工具',
    call: /^调\s?用$/,
    success: '成功',
    argumentsRefused: '参数不符合入参定义：缺少必需的属性 city',
    argumentsType: '参数不符合入参定义：/days 应当是 integer 类型',
  },
} as const;

/** Whether the whole element is on the screen (nothing to scroll to see it). */
const onScreen = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  });

/** Replaces the text of the try panel's arguments editor, as pasted. */
async function setArguments(page: Page, text: string) {
  const editor = page.getByRole('tabpanel').locator('.cm-content').first();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  // the call must carry these arguments: wait until the editor holds them, not a mix with the last ones
  await expect.poll(() => editor.innerText()).toBe(text);
}

/**
 * What the MCP screens say about a refused schema or refused arguments is on the screen and in the
 * user's language; a tool call's outcome replaces the last one and is brought into view.
 */
describe('MCP screens: refusals and call results where the user looks, in both languages (real server, chromium)', () => {
  let server: RunningConsole;
  let weather: HttpService;
  let serverId = 0;
  const browsers: TestBrowser[] = [];

  beforeAll(async () => {
    weather = await startHttpService(() => ({ forecast: 'sunny' }));
    server = await startConsole({ RNACOS_OUTBOUND_ALLOW_CIDRS: '127.0.0.1' });
    await registerInstance(server.sdkUrl, { serviceName: 'weather', ip: '127.0.0.1', port: weather.port });
    const { mcp } = server.app.core;
    const specKey = { namespace: 'public', group: 'DEFAULT_GROUP', toolName: 'get_weather' };
    await mcp.saveSpecs(
      [{ key: specKey, function: { name: 'get_weather', description: 'The weather', inputSchema: SCHEMA } }],
      'admin',
    );
    const routeRule = {
      protocol: 'http',
      url: '/forecast/{{city}}',
      method: 'GET',
      additionHeaders: {},
      convertType: 'JSON_TO_URL' as const,
      serviceNamespace: '',
      serviceGroup: 'DEFAULT_GROUP',
      serviceName: 'weather',
    };
    serverId = await mcp.addServer(
      { name: 'Weather MCP', uniqueKey: 'weather', authKeys: ['k'], tools: [{ specKey, routeRule }] },
      { user: 'admin', roles: [ROLE_ADMIN] },
    );
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
    await weather?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    const text = TEXTS[lang];

    it(`a refused input schema is said in a toast and next to the editor, brought into view (${lang})`, async () => {
      const browser = await launchBrowser(lang);
      browsers.push(browser);
      const { page } = browser;
      await login(page, server.consoleUrl, 'admin', 'admin', text.login);
      await page.goto(`${server.consoleUrl}/rnacos/manage/mcptoolspec`);
      await page
        .getByRole('row', { name: /get_weather/ })
        .getByRole('button', { name: text.edit })
        .click();
      const drawer = page.locator('.ant-drawer');
      await drawer.locator('.cm-line').first().waitFor();
      await setEditorText(page, '{"type": "string"}');
      await drawer.getByRole('button', { name: text.confirm }).click();
      await expectToast(page, text.schemaRefused);
      const message = drawer.locator('.ant-form-item-explain-error', { hasText: text.schemaRefused });
      await message.waitFor();
      await expect.poll(() => onScreen(message)).toBe(true);
      await screenshot(page, lang, 'tool-spec-schema-refused');

      await setEditorText(page, '{"type": "object",');
      await drawer.getByRole('button', { name: text.confirm }).click();
      await expectToast(page, text.syntaxRefused);
      expect(browser.errors).toEqual([]);
    });

    it(`try a tool: each call's outcome replaces the last one and shows on screen (${lang})`, async () => {
      const browser = await launchBrowser(lang);
      browsers.push(browser);
      const { page } = browser;
      await login(page, server.consoleUrl, 'admin', 'admin', text.login);
      await page.goto(`${server.consoleUrl}/rnacos/manage/mcpserver?namespaceId=&id=${serverId}`);
      await page.getByRole('tab', { name: text.tryTab }).click();
      const outcome = page.getByTestId('tool-call-outcome');

      await setArguments(page, '{"city": "paris"}');
      await page.locator('button', { hasText: text.call }).click();
      await outcome.getByText(text.success, { exact: true }).waitFor();
      await outcome.getByText(/sunny/).first().waitFor();
      await expect.poll(() => onScreen(outcome)).toBe(true);
      await screenshot(page, lang, 'mcp-try-success');

      // back to the top: the next outcome must be brought into view again
      await page.getByRole('tab', { name: text.tryTab }).scrollIntoViewIfNeeded();
      await setArguments(page, '{"days": 2}');
      await page.locator('button', { hasText: text.call }).click();
      await outcome.getByText(text.argumentsRefused).waitFor();
      expect(await outcome.getByText(text.success, { exact: true }).count()).toBe(0);
      expect(await page.getByTestId('tool-call-result').count()).toBe(0);
      await expect.poll(() => onScreen(outcome)).toBe(true);
      await screenshot(page, lang, 'mcp-try-refused');

      await setArguments(page, '{"city": "paris", "days": "two"}');
      await page.locator('button', { hasText: text.call }).click();
      await outcome.getByText(text.argumentsType).waitFor();
      expect(await outcome.getByText(text.argumentsRefused).count()).toBe(0);
      expect(browser.errors).toEqual([]);
    });
  }
});
