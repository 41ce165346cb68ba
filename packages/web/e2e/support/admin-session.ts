import { launchBrowser, type TestBrowser } from './browser.js';
import { LOGIN_EN, LOGIN_ZH, login } from './console-page.js';
import { startConsole, type RunningConsole } from './console-server.js';

/** A console server and a headless browser (in English or Chinese) logged in to it as admin: what most screen tests start from. */
export interface AdminSession {
  server: RunningConsole;
  browser: TestBrowser;
}

export async function openAdminSession(
  env: Record<string, string> = {},
  lang: 'en' | 'zh' = 'en',
): Promise<AdminSession> {
  const server = await startConsole(env);
  let browser: TestBrowser | undefined;
  try {
    browser = await launchBrowser(lang);
    await login(browser.page, server.consoleUrl, 'admin', 'admin', lang === 'zh' ? LOGIN_ZH : LOGIN_EN);
    return { server, browser };
  } catch (err) {
    await closeSession({ server, browser });
    throw err;
  }
}

/** Closes what a session opened; either part may be missing when the opening failed. */
export async function closeSession(session: Partial<AdminSession>): Promise<void> {
  await session.browser?.close();
  await session.server?.stop();
}
