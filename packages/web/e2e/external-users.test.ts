// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { expectToast, LOGIN_EN, LOGIN_ZH, login } from './support/console-page.js';
import { startConsole, type RunningConsole } from './support/console-server.js';
import { screenshot } from './support/screenshots.js';

const TEXTS = {
  en: {
    login: LOGIN_EN,
    changePassword: 'Change password',
    logout: 'Logout',
    edit: 'Edit',
    resetPassword: 'Reset password',
    oauth2Password: 'Signs in through the OAuth2 provider: there is no password here to set or reset.',
    confirm: 'Confirm',
    refused: 'is an OAuth2 user: they sign in through the OAuth2 provider and have no password here',
    ldapRefused: 'is an LDAP user: the password is kept by the directory, change it there',
  },
  zh: {
    login: LOGIN_ZH,
    changePassword: '修改密码',
    logout: '退出登录',
    edit: '编辑',
    resetPassword: '重置密码',
    oauth2Password: '通过 OAuth2 认证服务登录：此处没有可设置或重置的密码。',
    confirm: /^确\s?认$/,
    refused: '是 OAuth2 用户：通过 OAuth2 认证服务登录，此处没有密码',
    ldapRefused: '是 LDAP 用户：密码由目录管理，请在目录中修改',
  },
} as const;

/**
 * Users an OAuth2 provider (or an LDAP directory) signs in have no password here: they are not offered a password change, the
 * user editor offers no reset and says why, and a reset sent anyway is refused in the user's language.
 */
describe('OAuth2 users have no password here (real server, headless chromium)', () => {
  let server: RunningConsole;
  const browsers: TestBrowser[] = [];

  beforeAll(async () => {
    server = await startConsole();
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
  });

  /** A browser holding a console session of `username`, as the OAuth2 callback leaves it. */
  const signedInAs = async (lang: 'en' | 'zh', username: string) => {
    const browser = await launchBrowser(lang);
    browsers.push(browser);
    const session = await server.app.core.auth.sessions.create('console', username, 3600);
    const url = new URL(server.consoleUrl);
    await browser.context.addCookies([
      { name: `token_${url.port}`, value: session.token, domain: url.hostname, path: '/', httpOnly: true },
    ]);
    return browser;
  };

  for (const lang of ['en', 'zh'] as const) {
    const text = TEXTS[lang];
    const name = `oauth-${lang}`;

    it(`an OAuth2 user's account menu offers logout but no password change (${lang})`, async () => {
      await server.app.core.auth.users.recordExternal({
        username: name,
        nickname: `OAuth ${lang}`,
        source: 'OAUTH2',
        newRoles: ['1'],
      });
      const { page, errors } = await signedInAs(lang, name);
      await page.goto(`${server.consoleUrl}/rnacos/manage/about`);
      await page.getByTestId('about-username').filter({ hasText: name }).waitFor();
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: text.logout }).waitFor();
      expect(await page.getByRole('menuitem', { name: text.changePassword }).count()).toBe(0);
      await screenshot(page, lang, 'account-menu-oauth2');
      expect(errors).toEqual([]);
    });

    it(`the user list marks OAuth2 users and their editor says why there is no password (${lang})`, async () => {
      const browser = await launchBrowser(lang);
      browsers.push(browser);
      const { page } = browser;
      await login(page, server.consoleUrl, 'admin', 'admin', text.login);
      // the admin's own menu still offers a password change
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: text.changePassword }).waitFor();
      await page.keyboard.press('Escape');

      await page.goto(`${server.consoleUrl}/rnacos/manage/user`);
      const row = page.getByRole('row', { name: new RegExp(name) });
      await row.getByText('OAuth2', { exact: true }).waitFor();
      await row.getByRole('button', { name: text.edit }).click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByText(text.oauth2Password).waitFor();
      expect(await drawer.getByLabel(text.resetPassword).count()).toBe(0);
      await screenshot(page, lang, 'user-oauth2-edit');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // an editor opened while the user was still local: the reset is refused, in the page's language
      const stale = `stale-${lang}`;
      await server.app.core.auth.users.add({ username: stale, password: 'local-password', roles: ['2'] });
      // antd spaces out a button's two Chinese characters
      await page.getByRole('button', { name: lang === 'en' ? 'Query' : /^查\s?询$/ }).click();
      await page
        .getByRole('row', { name: new RegExp(stale) })
        .getByRole('button', { name: text.edit })
        .click();
      await drawer.getByLabel(text.resetPassword).waitFor();
      await server.app.core.auth.users.remove(stale);
      await server.app.core.auth.users.recordExternal({
        username: stale,
        nickname: stale,
        source: 'OAUTH2',
        newRoles: ['2'],
      });
      await drawer.getByLabel(text.resetPassword).fill('reset-by-admin');
      await drawer.getByRole('button', { name: text.confirm }).click();
      await expectToast(page, `${stale} ${text.refused}`);
      expect(await server.app.core.auth.users.hasPassword(stale, 'reset-by-admin')).toBe(false);
      expect(browser.errors).toEqual([]);
    });

    it(`a reset for a user who became an LDAP user is refused in the page's language (${lang})`, async () => {
      const browser = await launchBrowser(lang);
      browsers.push(browser);
      const { page } = browser;
      await login(page, server.consoleUrl, 'admin', 'admin', text.login);
      const name = `ldap-${lang}`;
      const users = server.app.core.auth.users;
      await users.add({ username: name, password: 'local-password', roles: ['2'] });
      await page.goto(`${server.consoleUrl}/rnacos/manage/user`);
      await page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('button', { name: text.edit })
        .click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByLabel(text.resetPassword).waitFor();
      // meanwhile the account is replaced by the directory's user of that name
      await users.remove(name);
      await users.syncDirectoryUser(name, ['2']);
      await drawer.getByLabel(text.resetPassword).fill('reset-by-admin');
      await drawer.getByRole('button', { name: text.confirm }).click();
      await expectToast(page, `${name} ${text.ldapRefused}`);
      expect(await users.hasPassword(name, 'reset-by-admin')).toBe(false);
      expect(browser.errors).toEqual([]);
    });
  }
});
