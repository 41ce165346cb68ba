// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from './support/browser.js';
import { LOGIN_EN, LOGIN_ZH, login } from './support/console-page.js';
import { addUser, startConsole, type RunningConsole } from './support/console-server.js';
import { pollInstances, registerInstance } from './support/naming-client.js';
import { screenshot, SCREENSHOT_DIR } from './support/screenshots.js';
import { ROLE_ADMIN } from '../../server/src/core/auth/user-model.js';
import { parseAgentCard } from '../../server/src/core/ai/agent-card-input.js';
import { parseReleaseInput } from '../../server/src/core/ai/mcp-registry-input.js';

interface Screen {
  name: string;
  /** A function when the path holds something the seed made (an id). */
  path: string | (() => string);
  title: { en: string; zh: string };
  /** Text that shows once the screen has its data. */
  ready: { en: string; zh: string };
  /** Runs before the screen opens. */
  before?(server: RunningConsole): Promise<unknown>;
  /** An element that shows once the screen has drawn (when text is not enough). */
  readySelector?: string;
  /** Opens the screen another way than loading its path. */
  open?(page: Page): Promise<unknown>;
}

const SCREENS: Screen[] = [
  {
    name: 'about',
    path: '/manage/about',
    title: { en: 'About', zh: '关于' },
    ready: { en: 'Source repositories', zh: '源码仓库' },
  },
  {
    name: 'configs',
    path: '/manage/configs',
    title: { en: 'Config list', zh: '配置列表' },
    ready: { en: 'app.yaml', zh: 'app.yaml' },
  },
  {
    name: 'config-history',
    path: '/manage/config/history?namespaceId=&group=DEFAULT_GROUP&dataId=app.yaml',
    title: { en: 'Config history', zh: '配置历史' },
    ready: { en: 'Recover', zh: '恢复' },
  },
  {
    name: 'services',
    path: '/manage/service',
    title: { en: 'Service list', zh: '服务列表' },
    ready: { en: 'orders', zh: 'orders' },
  },
  {
    name: 'instances',
    path: '/manage/service/instance?namespaceId=&groupName=DEFAULT_GROUP&serviceName=orders',
    title: { en: 'Instance list', zh: '实例列表' },
    ready: { en: '10.1.0.1', zh: '10.1.0.1' },
  },
  {
    name: 'subscribers',
    path: '/manage/subscriber?namespaceId=&groupName=DEFAULT_GROUP&serviceName=orders',
    title: { en: 'Subscriber list', zh: '订阅者列表' },
    ready: { en: '54321', zh: '54321' },
    // a 1.x client is a subscriber while it keeps polling
    before: (server) => pollInstances(server.sdkUrl, 'orders', 54321),
  },
  {
    name: 'tool-specs',
    path: '/manage/mcptoolspec',
    title: { en: 'Tool specs', zh: '工具定义' },
    ready: { en: 'get_order', zh: 'get_order' },
  },
  {
    name: 'tool-spec-detail',
    path: '/manage/mcptoolspec/detail?namespaceId=&group=DEFAULT_GROUP&toolName=get_order',
    title: { en: 'Tool spec detail', zh: '工具定义详情' },
    ready: { en: 'The order id', zh: 'The order id' },
    readySelector: '.cm-line',
  },
  {
    name: 'mcp-servers',
    path: '/manage/mcpserver',
    title: { en: 'MCP servers', zh: 'MCP 服务' },
    ready: { en: 'Unpublished draft', zh: '草稿未发布' },
  },
  {
    name: 'mcp-server-detail',
    path: () => `/manage/mcpserver?namespaceId=&id=${mcpServerId}`,
    title: { en: 'MCP servers', zh: 'MCP 服务' },
    ready: { en: '/rnacos/mcp/orders-mcp/key-1', zh: '/rnacos/mcp/orders-mcp/key-1' },
  },
  {
    name: 'ai-mcp-servers',
    path: '/manage/ai/mcp',
    title: { en: 'Registered MCP servers', zh: '注册的 MCP 服务' },
    ready: { en: 'weather-mcp', zh: 'weather-mcp' },
  },
  {
    name: 'ai-mcp-server-detail',
    path: () => `/manage/ai/mcp?namespaceId=&id=${aiMcpServerId}`,
    title: { en: 'Registered MCP servers', zh: '注册的 MCP 服务' },
    ready: { en: '10.9.8.7', zh: '10.9.8.7' },
  },
  {
    name: 'ai-agents',
    path: '/manage/ai/a2a',
    title: { en: 'A2A agents', zh: 'A2A 智能体' },
    ready: { en: 'travel-planner', zh: 'travel-planner' },
  },
  {
    name: 'ai-agent-detail',
    path: '/manage/ai/a2a?namespaceId=&name=travel-planner',
    title: { en: 'A2A agents', zh: 'A2A 智能体' },
    ready: { en: 'Plan a trip', zh: 'Plan a trip' },
  },
  {
    name: 'namespaces',
    path: '/manage/namespace',
    title: { en: 'Namespaces', zh: '命名空间' },
    ready: { en: 'Staging', zh: 'Staging' },
  },
  {
    name: 'users',
    path: '/manage/user',
    title: { en: 'Users', zh: '用户管理' },
    ready: { en: 'viewer', zh: 'viewer' },
  },
  {
    name: 'transfer',
    path: '/manage/transfer',
    title: { en: 'Data transfer', zh: '数据迁移' },
    ready: { en: 'openapi-to-data', zh: 'openapi-to-data' },
  },
  {
    name: 'cluster',
    path: '/manage/cluster',
    title: { en: 'Cluster info', zh: '集群信息' },
    ready: { en: '127.0.0.1', zh: '127.0.0.1' },
  },
  {
    name: 'monitor',
    path: '/manage/appmonitor',
    title: { en: 'System monitor', zh: '系统监控' },
    ready: { en: 'CPU usage', zh: 'CPU 使用率' },
    readySelector: '[data-testid="chart-cpu"] canvas',
  },
  {
    // the server sends unknown page paths to the no-permission page; inside the app they become the 404 page
    name: 'not-found',
    path: '/manage/no-such-page?x=1',
    title: { en: 'Not found', zh: '页面不存在' },
    ready: { en: '/manage/no-such-page?x=1', zh: '/manage/no-such-page?x=1' },
    open: (page) =>
      page.evaluate(() => {
        window.history.pushState({}, '', '/rnacos/manage/no-such-page?x=1');
        window.dispatchEvent(new PopStateEvent('popstate'));
      }),
  },
  {
    name: 'no-permission',
    path: '/nopermission?path=/rnacos/manage/user',
    title: { en: 'No permission', zh: '无权限' },
    ready: { en: 'No permission', zh: '没有权限' },
  },
];

let mcpServerId = 0;
let aiMcpServerId = '';
const ADMIN = { user: 'admin', roles: [ROLE_ADMIN] };

/** A tool spec and an MCP server routed to the orders service, with an edit left unpublished. */
async function seedMcp(server: RunningConsole) {
  const { mcp } = server.app.core;
  const specKey = { namespace: 'public', group: 'DEFAULT_GROUP', toolName: 'get_order' };
  const inputSchema = {
    type: 'object',
    properties: { id: { type: 'string', description: 'The order id' }, verbose: { type: 'boolean' } },
    required: ['id'],
  };
  await mcp.saveSpecs(
    [{ key: specKey, function: { name: 'get_order', description: 'An order by its id', inputSchema } }],
    'admin',
  );
  const routeRule = {
    protocol: 'http',
    url: '/orders/{{id}}',
    method: 'GET',
    additionHeaders: { 'x-source': 'mcp' },
    convertType: 'JSON_TO_URL' as const,
    serviceNamespace: '',
    serviceGroup: 'DEFAULT_GROUP',
    serviceName: 'orders',
  };
  const input = { uniqueKey: 'orders-mcp', namespace: 'public', name: 'Orders MCP', authKeys: ['key-1'] };
  mcpServerId = await mcp.addServer(
    { ...input, description: 'Orders as tools', tools: [{ specKey, routeRule }] },
    ADMIN,
  );
  await mcp.updateServer(mcpServerId, { description: 'Orders as tools, v2' }, ADMIN);
}

/** What clients register in the nacos 3 AI registry: an MCP server with an endpoint, and an agent. */
async function seedAiRegistry(server: RunningConsole) {
  const { mcpRegistry, agentRegistry } = server.app.core;
  const release = parseReleaseInput({
    server: { name: 'weather-mcp', protocol: 'mcp-sse', versionDetail: { version: '1.2.0' } },
    tools: { tools: [{ name: 'forecast', description: 'The weather ahead', inputSchema: { type: 'object' } }] },
    endpoint: { type: 'DIRECT', data: { address: '10.9.8.7', port: 9000 } },
  });
  aiMcpServerId = await mcpRegistry.create('public', release);
  const card = parseAgentCard({
    name: 'travel-planner',
    version: '1.0.0',
    description: 'Plans trips',
    protocolVersion: '0.3.0',
    preferredTransport: 'JSONRPC',
    url: 'http://planner.example:8080/a2a',
    skills: [{ id: 'plan', name: 'Plan a trip', description: 'Plans a trip', tags: ['travel'] }],
  });
  await agentRegistry.create('public', card, 'URL');
}

async function seed(server: RunningConsole) {
  const publish = (dataId: string, content: string, type: string) =>
    fetch(`${server.sdkUrl}/nacos/v1/cs/configs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ dataId, group: 'DEFAULT_GROUP', content, type }),
    });
  await publish('app.yaml', 'server:\n  port: 8080\n', 'yaml');
  await publish('app.yaml', 'server:\n  port: 9090\nfeature:\n  beta: true\n', 'yaml');
  await publish('db.properties', 'url=jdbc:mysql://db/app\nuser=app\n', 'properties');
  await server.app.core.namespaces.add({ namespaceId: 'staging', namespaceName: 'Staging' });
  await registerInstance(server.sdkUrl, { serviceName: 'orders', ip: '10.1.0.1', port: 8080 }, { version: '1.4.2' });
  await registerInstance(server.sdkUrl, { serviceName: 'orders', ip: '10.1.0.2', port: 8080 });
  await addUser(server.app, 'viewer', 'viewer-pw', ['2']);
  await seedMcp(server);
  await seedAiRegistry(server);
}

describe('every screen in both languages (real server, headless chromium)', () => {
  let server: RunningConsole;

  beforeAll(async () => {
    server = await startConsole({ RNACOS_METRICS_COLLECT_INTERVAL_SECOND: '1' });
    await seed(server);
  });
  afterAll(async () => {
    await server?.stop();
    console.log(`screenshots of every screen (en and zh): ${SCREENSHOT_DIR}`);
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`shows every screen with its title (${lang})`, async () => {
      const browser = await launchBrowser(lang);
      const { page } = browser;
      try {
        await page.goto(`${server.consoleUrl}/rnacos/p/login`);
        await page.getByRole('img', { name: lang === 'en' ? 'Captcha' : '验证码' }).waitFor();
        await screenshot(page, lang, 'login');
        await login(page, server.consoleUrl, 'admin', 'admin', lang === 'en' ? LOGIN_EN : LOGIN_ZH);
        for (const screen of SCREENS) {
          await screen.before?.(server);
          if (screen.open) await screen.open(page);
          else {
            const path = typeof screen.path === 'string' ? screen.path : screen.path();
            await page.goto(`${server.consoleUrl}/rnacos${path}`);
          }
          await page.getByText(screen.ready[lang]).first().waitFor();
          if (screen.readySelector) await page.locator(screen.readySelector).first().waitFor();
          await expect.poll(() => page.title()).toBe(`${screen.title[lang]} - tsnacos`);
          if (screen.name === 'not-found')
            expect(page.url()).toMatch(/\/rnacos\/404\?path=%2Fmanage%2Fno-such-page%3Fx%3D1$/);
          await screenshot(page, lang, screen.name);
        }
        await page.goto(`${server.consoleUrl}/rnacos/manage/configs`);
        await page
          .getByRole('row', { name: /app\.yaml/ })
          .getByRole('button', { name: lang === 'en' ? 'Edit' : '编辑' })
          .click();
        await page.locator('.ant-drawer .cm-line').first().waitFor();
        await screenshot(page, lang, 'config-editor');
        await page.goto(`${server.consoleUrl}/rnacos/manage/user`);
        await page
          .getByRole('row', { name: /viewer/ })
          .getByRole('button', { name: lang === 'en' ? 'Edit' : '编辑' })
          .click();
        await page
          .locator('.ant-drawer')
          .getByText(lang === 'en' ? 'Namespace privileges' : '命名空间权限')
          .waitFor();
        await screenshot(page, lang, 'user-drawer');
        const edit = lang === 'en' ? 'Edit' : '编辑';
        await page.goto(`${server.consoleUrl}/rnacos/manage/mcptoolspec`);
        await page
          .getByRole('row', { name: /get_order/ })
          .getByRole('button', { name: edit })
          .click();
        await page.locator('.ant-drawer .cm-line').first().waitFor();
        await screenshot(page, lang, 'tool-spec-drawer');
        await page.goto(`${server.consoleUrl}/rnacos/manage/mcpserver`);
        await page
          .getByRole('row', { name: /Orders MCP/ })
          .getByRole('button', { name: edit })
          .click();
        await page
          .locator('.ant-drawer')
          .getByText('/orders/{{id}}')
          .or(page.locator('.ant-drawer input[value="/orders/{{id}}"]'))
          .first()
          .waitFor();
        await screenshot(page, lang, 'mcp-server-drawer');
        await page.goto(`${server.consoleUrl}/rnacos/manage/mcpserver?namespaceId=&id=${mcpServerId}`);
        await page.getByRole('tab', { name: lang === 'en' ? 'Try a tool' : '试用工具' }).click();
        await page.getByRole('tabpanel').locator('.cm-line').first().waitFor();
        await screenshot(page, lang, 'mcp-try-tool');
        expect(browser.errors).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 120_000);
  }
});
