import type { Page } from 'playwright-core';

/** Replaces the content of the CodeMirror editor in the open drawer, as pasted text. */
export async function setEditorText(page: Page, text: string): Promise<void> {
  const editor = page.locator('.ant-drawer .cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

export async function editorText(page: Page): Promise<string> {
  return page.locator('.ant-drawer .cm-content').evaluate((el) =>
    Array.from(el.querySelectorAll('.cm-line'))
      .map((line) => line.textContent ?? '')
      .join('\n'),
  );
}
