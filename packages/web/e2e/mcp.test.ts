// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openAdminSession } from './support/admin-session.js';
import type { TestBrowser } from './support/browser.js';
import { expectToast } from './support/console-page.js';
import type { RunningConsole } from './support/console-server.js';
import { setEditorText } from './support/editor.js';
import { startHttpService, type HttpService } from './support/http-service.js';
import { registerInstance } from './support/naming-client.js';
import { screenshot } from './support/screenshots.js';

const SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' }, days: { type: 'integer' } },
  required: ['city'],
};

describe('MCP screens: a tool spec, a server routed to a real HTTP service, publish and try (real server, chromium)', () => {
  let server: RunningConsole;
  let browser: TestBrowser;
  let weather: HttpService;
  const drawer = () => browser.page.locator('.ant-drawer');
  /** Chooses the option whose full label is `option` in the drawer's select labelled `label`. */
  const pick = async (label: string, option: string) => {
    await drawer().getByLabel(label, { exact: true }).click();
    await browser.page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  };

  beforeAll(async () => {
    weather = await startHttpService((url) => ({
      forecast: 'sunny',
      path: url.pathname,
      days: url.searchParams.get('days'),
    }));
    // the service listens on loopback, which tool calls may reach only when the outbound policy allows it
    ({ server, browser } = await openAdminSession({ RNACOS_OUTBOUND_ALLOW_CIDRS: '127.0.0.1' }));
    await registerInstance(server.sdkUrl, { serviceName: 'weather', ip: '127.0.0.1', port: weather.port });
  });
  afterAll(async () => {
    await closeSession({ server, browser });
    await weather?.close();
  });

  it('creates a tool spec; the schema editor refuses a schema that is not an object schema', async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/mcptoolspec`);
    await page.locator('button', { hasText: /^New$/ }).click();
    await drawer().getByLabel('Tool name').fill('get_weather');
    await drawer().getByLabel('Description').fill('The weather forecast of a city');
    await setEditorText(page, '{"type": "string"}');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await drawer().getByText('The input schema is not valid: /type must be "object"').waitFor();
    await setEditorText(page, JSON.stringify(SCHEMA, null, 2));
    await screenshot(page, 'en', 'tool-spec-editor');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'submit success');
    await page.getByRole('cell', { name: 'get_weather' }).waitFor();
    await page
      .getByRole('row', { name: /get_weather/ })
      .getByRole('button', { name: 'Detail' })
      .click();
    await page.getByRole('cell', { name: 'City name' }).waitFor();
  });

  it('creates an MCP server whose tool routes to the registered service; it is listed as published', async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/mcpserver`);
    await page.locator('button', { hasText: /^New$/ }).click();
    await drawer().getByLabel('Name', { exact: true }).fill('weather-mcp');
    await drawer().getByLabel('Server key').fill('weather');
    await drawer().getByRole('button', { name: 'Add a tool' }).click();
    await pick('Tool spec', 'get_weather (DEFAULT_GROUP)');
    await pick('Service', 'weather (DEFAULT_GROUP)');
    await drawer().getByLabel('URL template').fill('/forecast/{{city}}');
    await pick('Arguments sent as', 'URL query');
    await screenshot(page, 'en', 'mcp-server-editor');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'submit success');
    const row = page.getByRole('row', { name: /weather-mcp/ });
    await row.getByText('Published', { exact: true }).waitFor();
    expect(await row.innerText()).toContain('weather');
  });

  it('an edit makes a draft that Publish serves', async () => {
    const { page } = browser;
    const row = page.getByRole('row', { name: /weather-mcp/ });
    await row.getByRole('button', { name: 'Edit' }).click();
    await drawer().getByLabel('URL template').fill('/v2/forecast/{{city}}');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'submit success');
    await row.getByText('Unpublished draft', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Publish' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Published');
    await row.getByText('Published', { exact: true }).waitFor();
  });

  it('tries the tool: the call reaches the HTTP service and its answer shows', async () => {
    const { page } = browser;
    await page
      .getByRole('row', { name: /weather-mcp/ })
      .getByRole('button', { name: 'Detail' })
      .click();
    await page
      .getByText(/\/rnacos\/mcp\/weather\//)
      .first()
      .waitFor();
    await page.getByRole('tab', { name: 'Try a tool' }).click();
    const editor = page.getByRole('tabpanel').locator('.cm-content');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('{"city": "paris", "days": 3}');
    await page.getByRole('button', { name: 'Call' }).click();
    const result = page.getByTestId('tool-call-result');
    await result.getByText('Success').waitFor();
    await result.getByText(`127.0.0.1:${weather.port}`).waitFor();
    await result.getByText(/sunny/).waitFor();
    expect(weather.seen).toContain('/v2/forecast/paris?city=paris&days=3');
    await screenshot(page, 'en', 'mcp-try-tool');
  });

  it('history lists both published versions; publishing the first back serves its route again', async () => {
    const { page } = browser;
    await page.getByRole('tab', { name: 'History' }).click();
    const rows = page.getByRole('tabpanel').locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.nth(0).getByText('Serving').waitFor();
    await rows.nth(1).getByRole('button', { name: 'Publish this one back' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Published');
    await page.getByRole('tab', { name: 'Served tools' }).click();
    await page.getByRole('tabpanel').getByText('/forecast/{{city}}', { exact: true }).waitFor();
  });

  it('downloads the specs and the servers as zips and imports them into another namespace', async () => {
    const { page } = browser;
    await server.app.core.namespaces.add({ namespaceId: 'staging', namespaceName: 'Staging' });
    const moveTo = async (listPath: string, ready: string) => {
      await page.goto(`${server.consoleUrl}/rnacos/manage/${listPath}?namespaceId=`);
      await page.getByRole('cell', { name: ready, exact: true }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('button', { hasText: /^Download$/ }).click(),
      ]);
      const zip = readFileSync(await download.path());
      await page.goto(`${server.consoleUrl}/rnacos/manage/${listPath}?namespaceId=staging`);
      await page.locator('button', { hasText: /^Import$/ }).click();
      await page
        .locator('.ant-modal')
        .getByTestId('file-input')
        .setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
      await page.locator('.ant-modal [data-status="finished"]').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('cell', { name: ready, exact: true }).waitFor();
    };
    await moveTo('mcptoolspec', 'get_weather');
    await moveTo('mcpserver', 'weather-mcp');
    expect(server.app.core.mcp.listServers({ namespace: 'staging' }, { offset: 0, limit: 10 }).totalCount).toBe(1);
    expect(browser.errors).toEqual([]);
  });
});
