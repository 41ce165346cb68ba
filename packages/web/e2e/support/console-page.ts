import type { Page } from 'playwright-core';
import { KNOWN_CAPTCHA } from './console-server.js';

export interface LoginTexts {
  username: string;
  password: string;
  captcha: string;
  submit: string;
}

export const LOGIN_EN: LoginTexts = { username: 'Username', password: 'Password', captcha: 'Captcha', submit: 'Login' };
export const LOGIN_ZH: LoginTexts = { username: '用户名', password: '密码', captcha: '验证码', submit: '登录' };

/** Fills the login form like a user (captcha included) and submits with Enter in the captcha field. */
export async function fillLogin(
  page: Page,
  username: string,
  password: string,
  captcha = KNOWN_CAPTCHA,
  texts = LOGIN_EN,
) {
  await page.getByLabel(texts.username).fill(username);
  await page.getByLabel(texts.password, { exact: true }).fill(password);
  await page.getByRole('img', { name: texts.captcha }).waitFor();
  await page.getByLabel(texts.captcha).fill(captcha);
  await page.getByLabel(texts.captcha).press('Enter');
}

/** Opens the login page and signs in; resolves once the console layout shows. */
export async function login(page: Page, baseUrl: string, username: string, password: string, texts = LOGIN_EN) {
  await page.goto(`${baseUrl}/rnacos/p/login`);
  await fillLogin(page, username, password, KNOWN_CAPTCHA, texts);
  await page.waitForURL(/\/rnacos\/manage\//);
  await page.locator('.app-sider .ant-menu-root').waitFor();
}

/** The side menu's entries, in order. */
export async function menuEntries(page: Page): Promise<string[]> {
  await page.locator('.app-sider .ant-menu-root').waitFor();
  return page.locator('.app-sider .ant-menu-item').allInnerTexts();
}

/** Waits for the antd toast with this text. */
export async function expectToast(page: Page, text: string | RegExp) {
  try {
    await page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();
  } catch (err) {
    // say what the page did show, so a failure names the toast that came instead
    const shown = await page
      .locator('.ant-message-notice')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`no toast ${String(text)}; shown: ${JSON.stringify(shown)}`, { cause: err });
  }
}

/** The rows of the page's table, as their visible text. */
export async function tableRows(page: Page): Promise<string[]> {
  return page.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
}
