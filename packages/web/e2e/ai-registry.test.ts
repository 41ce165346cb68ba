// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openAdminSession } from './support/admin-session.js';
import type { TestBrowser } from './support/browser.js';
import { expectToast, login, tableRows } from './support/console-page.js';
import { addUser, type RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

/*
 * The nacos 3 AI registry in the console: an MCP server and an agent registered through the real v3 admin
 * HTTP API (as an admin script or a client's AiService would) are listed, shown and deleted in the console.
 */

const MCP = '/nacos/v3/admin/ai/mcp';
const A2A = '/nacos/v3/admin/ai/a2a';

describe('AI registry screens (real server, headless chromium)', () => {
  let server: RunningConsole;
  let browser: TestBrowser;
  let mcpId = '';

  /** A v3 admin write over HTTP: nacos's `{code: 0, data}` on success. */
  const v3 = async (path: string, fields: Record<string, string>) => {
    const res = await fetch(`${server.sdkUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    const body = (await res.json()) as { code: number; data: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.code).toBe(0);
    return body.data;
  };

  beforeAll(async () => {
    ({ server, browser } = await openAdminSession());
    await addUser(server.app, 'guest', 'guest-password', ['2']);
    mcpId = await v3(MCP, {
      serverSpecification: JSON.stringify({
        name: 'weather-mcp',
        protocol: 'mcp-sse',
        description: 'Forecasts for MCP clients',
        versionDetail: { version: '1.2.0' },
        remoteServerConfig: { exportPath: '/sse' },
      }),
      toolSpecification: JSON.stringify({
        tools: [{ name: 'forecast', description: 'The weather ahead', inputSchema: { type: 'object' } }],
      }),
      endpointSpecification: JSON.stringify({ type: 'DIRECT', data: { address: '10.9.8.7', port: 9000 } }),
    });
    await v3(A2A, {
      agentCard: JSON.stringify({
        name: 'travel-planner',
        version: '1.0.0',
        description: 'Plans trips',
        protocolVersion: '0.3.0',
        preferredTransport: 'JSONRPC',
        url: 'http://planner.example:8080/a2a',
        skills: [{ id: 'plan', name: 'Plan a trip', description: 'Plans a trip', tags: ['travel'] }],
      }),
    });
  });
  afterAll(() => closeSession({ server, browser }));

  it('lists the MCP server a client registered, apart from the hosted ones, and shows its endpoint and tools', async () => {
    const { page } = browser;
    // the hosted MCP servers' page says where registered ones are
    await page.goto(`${server.consoleUrl}/rnacos/manage/mcpserver`);
    await page.getByTestId('hosted-note').getByRole('link', { name: 'Registered MCP servers (AI registry)' }).click();
    await page.waitForURL(/\/rnacos\/manage\/ai\/mcp\?namespaceId=/);
    await page.getByRole('row', { name: /weather-mcp/ }).waitFor();
    await page.getByTestId('registry-notice').getByText('tsnacos does not serve them', { exact: false }).waitFor();
    expect(await page.getByTestId('registered-tag').innerText()).toBe('Registered by clients');
    expect(await page.title()).toBe('Registered MCP servers - tsnacos');
    await screenshot(page, 'en', 'ai-mcp-servers');

    // the same list through the side menu, filtered by part of the name in the URL
    await page.goto(`${server.consoleUrl}/rnacos/manage/about`);
    await page.locator('.app-sider').getByText('Registered MCP servers', { exact: true }).click();
    await page.waitForURL(/\/rnacos\/manage\/ai\/mcp/);
    await page.getByLabel('Server name').fill('nothing-like-it');
    await page.getByRole('button', { name: 'Query' }).click();
    await page.waitForURL(/filter=nothing-like-it/);
    await expect.poll(() => tableRows(page)).toEqual([]);
    await page.getByLabel('Server name').fill('weather');
    await page.getByRole('button', { name: 'Query' }).click();
    await page.getByRole('row', { name: /weather-mcp/ }).waitFor();

    await page
      .getByRole('row', { name: /weather-mcp/ })
      .getByRole('link', { name: 'weather-mcp' })
      .click();
    await page.waitForURL(new RegExp(`id=${mcpId}`));
    await page.getByTestId('backend-endpoints').getByText('10.9.8.7').waitFor();
    expect(await page.getByTestId('shown-version').innerText()).toBe('1.2.0');
    await page.getByText('forecast', { exact: true }).waitFor();
    await screenshot(page, 'en', 'ai-mcp-server-detail');
    await page.getByRole('tab', { name: 'Specification (JSON)' }).click();
    await page.locator('.cm-line').filter({ hasText: mcpId }).first().waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('shows the agent a client registered and deletes it after the confirm', async () => {
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/manage/about`);
    await page.locator('.app-sider').getByText('A2A agents', { exact: true }).click();
    await page.waitForURL(/\/rnacos\/manage\/ai\/a2a/);
    const row = page.getByRole('row', { name: /travel-planner/ });
    await row.waitFor();
    await row.getByRole('link', { name: 'travel-planner' }).click();
    await page.waitForURL(/name=travel-planner/);
    await page.getByText('http://planner.example:8080/a2a').first().waitFor();
    await page.getByText('Plan a trip').waitFor();
    await screenshot(page, 'en', 'ai-agent-detail');

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete the agent card travel-planner').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'delete success');
    await page.waitForURL(/\/rnacos\/manage\/ai\/a2a\?namespaceId=[^&]*$/);
    await expect.poll(() => tableRows(page)).toEqual([]);

    // gone from the registry clients read, and recorded as a console delete
    const after = await fetch(`${server.sdkUrl}${A2A}?agentName=travel-planner`);
    expect(after.status).toBe(404);
    const audit = await server.app.core.audit.list({ action: 'ai.a2a.delete' }, 0, 5);
    expect(audit.items.map((e) => [e.door, e.username, e.outcome, e.target])).toEqual([
      ['console', 'admin', 'ok', 'name=travel-planner'],
    ]);
    expect(browser.errors).toEqual([]);
  });

  it('lets a guest look but not delete', async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    await login(page, server.consoleUrl, 'guest', 'guest-password');
    await page.goto(`${server.consoleUrl}/rnacos/manage/ai/mcp`);
    const row = page.getByRole('row', { name: /weather-mcp/ });
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.goto(`${server.consoleUrl}/rnacos/manage/ai/mcp?namespaceId=&id=${mcpId}`);
    await page.getByTestId('backend-endpoints').waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(server.app.core.mcpRegistry.byId(mcpId)).toBeDefined();
    expect(browser.errors).toEqual([]);
  });
});
