import type { Resource } from 'i18next';
import { en } from '../i18n/en.js';
import { zh } from '../i18n/zh.js';
import { authMessages } from '../features/auth/messages.js';
import { appMessages } from './app-messages.js';

/** Common strings plus every feature's messages, merged once at start-up. */
const features = [appMessages, authMessages];

export function buildResources(): Resource {
  const merge = (lang: 'en' | 'zh', base: object) =>
    Object.assign({}, base, ...features.map((f) => f[lang] as object)) as Record<string, unknown>;
  return { en: { translation: merge('en', en) }, zh: { translation: merge('zh', zh) } };
}
