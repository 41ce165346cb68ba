import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, type Language } from './language.js';

export const i18n = i18next;

/** Initialises i18next synchronously with every message tree already merged. */
export function initI18n(lang: Language, resources: Resource): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: lang,
      fallbackLng: FALLBACK_LANGUAGE,
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else if (i18next.language !== lang) {
    void i18next.changeLanguage(lang);
  }
  return i18next;
}

export const t = (key: string, options?: Record<string, unknown>): string => String(i18next.t(key, options));
