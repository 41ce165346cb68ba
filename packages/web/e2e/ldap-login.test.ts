// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY, PEOPLE, SERVICE_DN, SERVICE_PASSWORD } from '../../server/test/ldap-fixture.js';
import { startLdap, type Ldap } from '../../server/test/ldap-server.js';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { expectToast, fillLogin, login, LOGIN_EN, LOGIN_ZH, menuEntries } from './support/console-page.js';
import { startConsole, type RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

const ldap = await startLdap(DIRECTORY);
if (typeof ldap === 'string') console.warn(`LDAP console login skipped: ${ldap}`);

describe.skipIf(typeof ldap === 'string')('LDAP login at the console (real slapd, headless chromium)', () => {
  const directory = ldap as Ldap;
  let server: RunningConsole;
  const browsers: TestBrowser[] = [];
  const drawer = (b: TestBrowser) => b.page.locator('.ant-drawer');

  beforeAll(async () => {
    server = await startConsole({
      RNACOS_LDAP_ENABLE: 'true',
      RNACOS_LDAP_URL: directory.url,
      RNACOS_LDAP_USER_BASE_DN: PEOPLE,
      RNACOS_LDAP_BIND_DN: SERVICE_DN,
      RNACOS_LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
      RNACOS_LDAP_USER_ADMIN_GROUP: 'nacos-admins',
      RNACOS_LDAP_USER_DEVELOPER_GROUP: 'nacos-devs',
    });
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
    await directory.stop();
  });

  it('a directory admin logs in, and the user list marks directory users', async () => {
    const browser = await launchBrowser();
    browsers.push(browser);
    const { page } = browser;
    await page.goto(`${server.consoleUrl}/rnacos/p/login`);
    await fillLogin(page, 'bob', 'wrong');
    await expectToast(page, 'User or Password Error');

    await login(page, server.consoleUrl, 'alice', 'alice-pw');
    expect(await menuEntries(page)).toContain('Users');
    await page.goto(`${server.consoleUrl}/rnacos/manage/user`);
    const alice = page.getByRole('row', { name: /alice/ });
    await alice.getByText('LDAP', { exact: true }).waitFor();
    expect(
      await page
        .getByRole('row', { name: /^admin/ })
        .getByText('LDAP', { exact: true })
        .count(),
    ).toBe(0);
    await screenshot(page, 'en', 'users-ldap');

    await alice.getByRole('button', { name: 'Edit' }).click();
    await drawer(browser).getByText('the role follows its groups', { exact: false }).waitFor();
    expect(await drawer(browser).getByLabel('Reset password').count()).toBe(0);
    await screenshot(page, 'en', 'user-ldap-edit');
    expect(browser.errors).toEqual([]);
  });

  it('a directory developer logs in in Chinese and sees no user management', async () => {
    const browser = await launchBrowser('zh');
    browsers.push(browser);
    const { page } = browser;
    await login(page, server.consoleUrl, 'bob', 'bob-pw', LOGIN_ZH);
    expect(await menuEntries(page)).not.toContain('用户管理');
    await browser.context.clearCookies();
    await login(page, server.consoleUrl, 'alice', 'alice-pw', LOGIN_ZH);
    await page.goto(`${server.consoleUrl}/rnacos/manage/user`);
    await page.getByRole('row', { name: /bob/ }).getByText('LDAP', { exact: true }).waitFor();
    await screenshot(page, 'zh', 'users-ldap');
    expect(browser.errors).toEqual([]);
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`the login page tells a directory that refuses from one that cannot be reached, with the server's message (${lang})`, async () => {
      const texts = lang === 'en' ? LOGIN_EN : LOGIN_ZH;
      const headline =
        lang === 'en'
          ? { refused: 'The LDAP directory refused the login', unreachable: 'The LDAP directory cannot be reached' }
          : { refused: 'LDAP 目录拒绝了登录', unreachable: '无法连接 LDAP 目录' };
      const ldapSettings = {
        RNACOS_LDAP_ENABLE: 'true',
        RNACOS_LDAP_USER_BASE_DN: PEOPLE,
        RNACOS_LDAP_BIND_DN: SERVICE_DN,
      };
      const [refusing, unreachable, browser] = await Promise.all([
        // the directory answers: the bind DN's password is wrong
        startConsole({
          ...ldapSettings,
          RNACOS_LDAP_URL: directory.url,
          RNACOS_LDAP_BIND_PASSWORD: 'not-the-service-password',
        }),
        // nothing listens there
        startConsole({
          ...ldapSettings,
          RNACOS_LDAP_URL: 'ldap://127.0.0.1:1',
          RNACOS_LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
        }),
        launchBrowser(lang),
      ]);
      const { page } = browser;
      try {
        await page.goto(`${refusing.consoleUrl}/rnacos/p/login`);
        await fillLogin(page, 'alice', 'alice-pw', undefined, texts);
        await expectToast(
          page,
          new RegExp(`^${headline.refused}: the LDAP server refused the login: the directory refused the bind DN`),
        );
        await screenshot(page, lang, 'login-ldap-refused');
        await page.goto(`${unreachable.consoleUrl}/rnacos/p/login`);
        await fillLogin(page, 'alice', 'alice-pw', undefined, texts);
        await expectToast(
          page,
          new RegExp(`^${headline.unreachable}: the LDAP server cannot be reached \\(.*ECONNREFUSED`),
        );
        expect(
          await page
            .locator('.ant-message-notice')
            .filter({ hasText: /unknown error|未知错误/ })
            .count(),
        ).toBe(0);
        expect(browser.errors).toEqual([]);
      } finally {
        // the browser first: a connection it still holds would keep a server's close waiting
        await browser.close();
        await Promise.all([refusing.stop(), unreachable.stop()]);
      }
    }, 120_000);
  }
});
