import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildResources } from '../app/messages.js';
import { newPasswordRefusal, newPasswordRule } from './password-rule.js';

/** The console's own texts, in each language. */
function translator(lng: 'en' | 'zh') {
  const i18n = i18next.createInstance();
  void i18n.init({ lng, resources: buildResources(), initAsync: false, interpolation: { escapeValue: false } });
  return (key: string, values?: Record<string, unknown>) => String(i18n.t(key, values));
}

const en = translator('en');

describe('new password rule of the console forms', () => {
  it('refuses what the server refuses: blanks only, too short, too long', () => {
    for (const blank of [' '.repeat(8), '\t'.repeat(10), '\u3000'.repeat(8), ' \u00a0\u200b\n \u2003\r\u3000 ']) {
      expect(newPasswordRefusal(blank, 'user', en), JSON.stringify(blank)).toBe(
        'The password cannot be only spaces or invisible characters',
      );
    }
    expect(newPasswordRefusal('seven77', 'account', en)).toBe('The new password needs at least 8 characters');
    // characters, not UTF-16 units: four emoji are four characters (antd's `min` counted eight)
    expect(newPasswordRefusal('😀😀😀😀', 'user', en)).toBe('The password needs at least 8 characters');
    expect(newPasswordRefusal('ä'.repeat(37), 'user', en)).toBe('The password is longer than 72 bytes');
  });

  it('lets through passwords the server takes, and an empty field (the required rule decides)', () => {
    for (const ok of ['eight888', ' two words ', '八个汉字的密码啊', '']) {
      expect(newPasswordRefusal(ok, 'user', en), ok).toBeUndefined();
    }
  });

  it('speaks Chinese too, and fails the form field with its text', async () => {
    const zh = translator('zh');
    expect(newPasswordRefusal(' '.repeat(8), 'account', zh)).toBe('新密码不能只有空格或不可见字符');
    expect(newPasswordRefusal(' '.repeat(8), 'user', zh)).toBe('密码不能只有空格或不可见字符');
    const rule = newPasswordRule('account', en);
    if (typeof rule === 'function' || !rule.validator) throw new Error('a validator rule');
    await expect(Promise.resolve(rule.validator({}, ' '.repeat(9), () => {}))).rejects.toThrow(
      'The new password cannot be only spaces',
    );
  });
});
