import { readStorage, writeStorage } from '../lib/storage.js';

export type Language = 'en' | 'zh';
/** localStorage key holding the chosen language. */
export const LANG_STORAGE_KEY = 'lang';
const DEFAULT_LANGUAGE: Language = 'en';
/** Texts missing in the chosen language fall back to Chinese. */
export const FALLBACK_LANGUAGE: Language = 'zh';

function asLanguage(value: string | null | undefined): Language | null {
  const v = value?.trim().toLowerCase();
  return v === 'en' || v === 'zh' ? v : null;
}

/** Stored choice first, then the first part of the browser language ("zh-CN" -> "zh"), then English. */
export function resolveLanguage(stored: string | null, browserLanguage: string | undefined): Language {
  return asLanguage(stored) ?? asLanguage(browserLanguage?.split('-')[0]) ?? DEFAULT_LANGUAGE;
}

export function initialLanguage(): Language {
  return resolveLanguage(readStorage(LANG_STORAGE_KEY), globalThis.navigator?.language);
}

export function storeLanguage(lang: Language): void {
  writeStorage(LANG_STORAGE_KEY, lang);
}
