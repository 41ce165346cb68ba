import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Outside the repository: $TSNACOS_SCREENSHOTS, else <tmp>/tsnacos-screenshots. */
export const SCREENSHOT_DIR = process.env.TSNACOS_SCREENSHOTS ?? path.join(os.tmpdir(), 'tsnacos-screenshots');

let announced = false;

/** Saves a full-page screenshot named `<lang>-<name>.png`. */
export async function screenshot(page: Page, lang: string, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  if (!announced) {
    announced = true;
    console.log(`console screenshots: ${SCREENSHOT_DIR}`);
  }
  const file = path.join(SCREENSHOT_DIR, `${lang}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
