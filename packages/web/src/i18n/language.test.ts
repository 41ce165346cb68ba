import { describe, expect, it } from 'vitest';
import { buildResources } from '../app/messages.js';
import { initI18n, t } from './index.js';
import { initialLanguage, resolveLanguage, storeLanguage, LANG_STORAGE_KEY } from './language.js';

describe('language', () => {
  it('prefers the stored choice, then the browser language, then English', () => {
    expect(resolveLanguage('zh', 'en-US')).toBe('zh');
    expect(resolveLanguage(null, 'zh-CN')).toBe('zh');
    expect(resolveLanguage(null, 'en-GB')).toBe('en');
    expect(resolveLanguage(null, 'fr-FR')).toBe('en');
    expect(resolveLanguage('klingon', undefined)).toBe('en');
  });

  it('keeps the choice in localStorage under "lang"', () => {
    storeLanguage('zh');
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('zh');
    expect(initialLanguage()).toBe('zh');
  });

  it('falls back to the Chinese text for a key missing in English', () => {
    const resources = buildResources();
    (resources.zh.translation as Record<string, unknown>).only_zh = '仅中文';
    initI18n('en', resources);
    expect(t('only_zh')).toBe('仅中文');
    expect(t('menu.config_list')).toBe('Config list');
  });
});
