// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/src/core/config/config-model.js';
import { RawNacosClient } from '../../server/test/grpc-raw-client.js';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { LOGIN_EN, LOGIN_ZH, login, tableRows } from './support/console-page.js';
import { startConsole, type RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

const TEXTS = {
  en: {
    login: LOGIN_EN,
    inSync: 'In sync',
    behind: 'Behind',
    refresh: /^Refresh$/,
    byIp: 'By client IP',
    ip: 'Client IP',
    query: /^Query$/,
  },
  zh: {
    login: LOGIN_ZH,
    inSync: '已同步',
    behind: '落后',
    // antd spaces out the two characters of a button's label
    refresh: /^刷\s?新$/,
    byIp: '按客户端 IP',
    ip: '客户端 IP',
    query: /^查\s?询$/,
  },
} as const;

/** A screen's first load fetches its code and the namespaces before the rows. */
const WAIT = { timeout: 10_000 };

/**
 * The listening query screen against real listeners: a nacos 2.x gRPC connection (naming itself 10.0.0.5)
 * and a held 1.x HTTP long-poll, in both languages.
 */
describe('listening query screen (real server, real listeners, headless chromium)', () => {
  let server: RunningConsole;
  let client: RawNacosClient;
  const browsers: TestBrowser[] = [];
  const polls: AbortController[] = [];
  let version = 0;

  const publish = (dataId: string, content: string, namespaceId = '') =>
    server.app.core.configs.publish({ namespaceId, group: 'G', dataId, content });
  const grpcListen = (contexts: Array<{ dataId: string; md5: string; tenant?: string }>) =>
    client.request('ConfigBatchListenRequest', {
      module: 'config',
      listen: true,
      configListenContexts: contexts.map((c) => ({ group: 'G', tenant: '', ...c })),
    });
  /** A long-poll from 127.0.0.1 the server holds until app.yaml changes from `md5`. */
  const holdLongPoll = (md5: string) => {
    const poll = new AbortController();
    polls.push(poll);
    void fetch(`${server.sdkUrl}/nacos/v1/cs/configs/listener`, {
      method: 'POST',
      signal: poll.signal,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'Long-Pulling-Timeout': '30000' },
      body: new URLSearchParams({ 'Listening-Configs': `app.yaml\u0002G\u0002${md5}\u0001` }).toString(),
    }).catch(() => undefined);
  };

  beforeAll(async () => {
    server = await startConsole();
    client = new RawNacosClient(`127.0.0.1:${server.grpcPort}`);
    await client.connect({}, '10.0.0.5');
  });
  afterAll(async () => {
    for (const poll of polls) poll.abort();
    client?.close();
    for (const b of browsers) await b.close();
    await server?.stop();
  });

  for (const lang of ['en', 'zh'] as const) {
    const text = TEXTS[lang];

    it(`shows a config's listeners in sync, then the gRPC client behind after a publish it has not read (${lang})`, async () => {
      const content = `v${++version}`;
      await publish('app.yaml', content);
      await grpcListen([{ dataId: 'app.yaml', md5: md5Hex(content) }]);
      holdLongPoll(md5Hex(content));
      await expect.poll(() => server.app.core.listenerQuery.byConfig('\u0002G\u0002app.yaml').length).toBe(2);

      const browser = await launchBrowser(lang);
      browsers.push(browser);
      const { page } = browser;
      await login(page, server.consoleUrl, 'admin', 'admin', text.login);
      await page.goto(`${server.consoleUrl}/rnacos/manage/config/listeners?namespaceId=&dataId=app.yaml&group=G`);
      await expect.poll(async () => (await tableRows(page)).length, WAIT).toBe(2);
      const rows = await tableRows(page);
      expect(rows.find((r) => r.includes('10.0.0.5'))).toMatch(
        new RegExp(`grpc[\\s\\S]*${md5Hex(content)}[\\s\\S]*${text.inSync}`),
      );
      expect(rows.find((r) => r.includes('http'))).toContain(text.inSync);
      await screenshot(page, lang, 'config-listeners-in-sync');

      // the long-poll is answered at once; the gRPC client is told but has not listened with the new md5
      await publish('app.yaml', `${content}-next`);
      await page.getByRole('button', { name: text.refresh }).click();
      await expect.poll(async () => tableRows(page), WAIT).toEqual([expect.stringContaining(text.behind)]);
      expect((await tableRows(page))[0]).toContain('10.0.0.5');
      await screenshot(page, lang, 'config-listeners-behind');
      expect(browser.errors).toEqual([]);
    });

    it(`lists what a client IP listens to within the namespace chosen (${lang})`, async () => {
      await publish('db.yaml', 'd1', 'dev');
      if (!server.app.core.namespaces.get('dev'))
        await server.app.core.namespaces.put({ namespaceId: 'dev', namespaceName: 'dev' });
      await grpcListen([{ dataId: 'db.yaml', md5: 'stale', tenant: 'dev' }]);
      const { page } = browsers[browsers.length - 1];
      await page.goto(`${server.consoleUrl}/rnacos/manage/config/listeners?namespaceId=`);
      await page.getByText(text.byIp).click();
      await page.getByRole('textbox', { name: text.ip }).fill('10.0.0.5');
      await page.getByRole('button', { name: text.query }).click();
      await page.waitForURL(/by=ip&ip=10\.0\.0\.5/);
      await expect.poll(async () => tableRows(page), WAIT).toEqual([expect.stringContaining('app.yaml')]);
      await page.goto(`${server.consoleUrl}/rnacos/manage/config/listeners?namespaceId=dev&by=ip&ip=10.0.0.5`);
      await expect
        .poll(async () => tableRows(page), WAIT)
        .toEqual([expect.stringMatching(new RegExp(`db\\.yaml[\\s\\S]*stale[\\s\\S]*${text.behind}`))]);
      await screenshot(page, lang, 'config-listeners-by-ip');
    });
  }
});
