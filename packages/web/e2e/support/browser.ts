import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium; a browser is never downloaded. */
const CHROMIUM = process.env.TSNACOS_CHROMIUM ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors seen so far (a screen that throws fails its test). */
  errors: string[];
  close(): Promise<void>;
}

/** Headless chromium on a fresh profile directory, removed on close. */
export async function launchBrowser(lang: 'en' | 'zh' = 'en'): Promise<TestBrowser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1360, height: 860 },
    locale: lang === 'zh' ? 'zh-CN' : 'en-US',
    acceptDownloads: true,
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
