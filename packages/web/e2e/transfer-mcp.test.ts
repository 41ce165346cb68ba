// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN } from '../../server/src/core/auth/user-model.js';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { LOGIN_EN, LOGIN_ZH, login } from './support/console-page.js';
import { startConsole, type RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

const TEXTS = {
  en: {
    login: LOGIN_EN,
    exportMentions: 'persistent instance, MCP tool spec and MCP server of this server',
    importMentions: 'persistent instances, MCP tool specs and MCP servers in the file are always imported',
    confirmMentions: 'MCP tool specs and servers',
    import: /^Import$/,
    specs: 'MCP tool specs',
    servers: 'MCP servers',
    servedVersion: 'Served version',
    draftVersion: 'Draft version: 4',
    history: 'History',
  },
  zh: {
    login: LOGIN_ZH,
    exportMentions: '持久化实例、MCP 工具定义和 MCP 服务导出为一个迁移文件',
    importMentions: '文件中的持久化实例、MCP 工具定义和 MCP 服务总会导入',
    confirmMentions: 'MCP 工具定义和服务',
    import: /^导\s?入$/,
    specs: 'MCP 工具定义',
    servers: 'MCP 服务',
    servedVersion: '发布版本',
    draftVersion: '草稿版本: 4',
    history: '历史',
  },
} as const;

const ADMIN = { user: 'admin', roles: [ROLE_ADMIN] };
const SPEC_KEY = { namespace: 'public', group: 'DEFAULT_GROUP', toolName: 'lookup' };

/**
 * A server other servers' versions came before (their ids are global), published three times, the second
 * one served again, with a draft on top.
 */
async function seed(server: RunningConsole) {
  const { mcp } = server.app.core;
  await mcp.saveSpecs(
    [{ key: SPEC_KEY, function: { name: 'lookup', description: 'Looks up', inputSchema: { type: 'object' } } }],
    'admin',
  );
  await mcp.addServer({ name: 'Earlier', uniqueKey: 'earlier', authKeys: ['k'] }, ADMIN);
  const id = await mcp.addServer({ name: 'Ordered', uniqueKey: 'ordered', authKeys: ['k'], description: 'v1' }, ADMIN);
  for (const description of ['v2', 'v3']) {
    await mcp.updateServer(id, { description }, ADMIN);
    await mcp.publish(id);
  }
  await mcp.updateServer(id, { description: 'draft' }, ADMIN);
  await mcp.publishHistory(id, mcp.getServer(id)!.histories[1].id);
  return Buffer.concat(await server.app.core.transfer.exportFile());
}

describe('the transfer page carries MCP data, and imported MCP versions keep their order (real server, chromium)', () => {
  let server: RunningConsole;
  let file: Buffer;
  const browsers: TestBrowser[] = [];

  beforeAll(async () => {
    server = await startConsole();
    file = await seed(server);
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
  });

  for (const lang of ['en', 'zh'] as const) {
    const text = TEXTS[lang];

    it(`says MCP data is exported and imported, counts it, and numbers the imported versions per server (${lang})`, async () => {
      const browser = await launchBrowser(lang);
      browsers.push(browser);
      const { page } = browser;
      await login(page, server.consoleUrl, 'admin', 'admin', text.login);
      await page.goto(`${server.consoleUrl}/rnacos/manage/transfer`);
      await page.getByText(text.exportMentions, { exact: false }).waitFor();
      await page.getByText(text.importMentions, { exact: false }).waitFor();
      // the backup command shows as code, not between backticks
      const backup = page.getByTestId('backup-text');
      expect(await backup.locator('code').innerText()).toMatch(/^tsnacos restore --from /);
      expect(await backup.innerText()).not.toContain('`');

      await server.app.core.mcp.removeServer(server.app.core.mcp.getServerByKey('ordered')!.id);
      await page
        .getByTestId('file-input')
        .setInputFiles({ name: 'export.data', mimeType: 'application/octet-stream', buffer: file });
      const dialog = page.locator('.ant-modal');
      await dialog.getByText(text.confirmMentions, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: text.import }).click();
      await dialog.waitFor({ state: 'hidden' });
      const summary = page.getByTestId('import-summary');
      const count = (label: string) =>
        summary
          .locator('tr', { has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) })
          .locator('td')
          .innerText();
      await summary.waitFor();
      expect(await count(text.specs)).toBe('1');
      expect(await count(text.servers)).toBe('2');
      await screenshot(page, lang, 'transfer-import-mcp');

      // the imported server: its own version numbers, not the global ids, in the order they were published
      const imported = server.app.core.mcp.getServerByKey('ordered')!;
      expect(imported.release!.id).not.toBe(2);
      await page.goto(`${server.consoleUrl}/rnacos/manage/mcpserver?namespaceId=&id=${imported.id}`);
      await page.getByText(text.servedVersion, { exact: true }).waitFor();
      expect(await page.getByTestId('served-version').innerText()).toBe('2');
      expect(await page.getByTestId('draft-version').innerText()).toBe(text.draftVersion);
      await page.getByRole('tab', { name: text.history }).click();
      const rows = page.getByRole('tabpanel').locator('.ant-table-tbody tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(3);
      const versions = await rows.evaluateAll((trs) =>
        trs.map((tr) => (tr.querySelectorAll('td')[1] as HTMLElement).innerText.trim()),
      );
      expect(versions).toEqual(['3', '2', '1']);
      await screenshot(page, lang, 'mcp-server-imported-history');
      expect(browser.errors).toEqual([]);
    });
  }
});
