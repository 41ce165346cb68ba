import { cbc } from '@noble/ciphers/aes.js';
import { utf8ToBytes } from '@noble/ciphers/utils.js';
import { CAPTCHA_TOKEN_MIN_LENGTH } from '../../../lib/constants.js';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * Password transport encryption: with a captcha token of 32+ characters the password travels as
 * base64(AES-128-CBC/PKCS7) keyed by token[0..16] with IV token[16..32] (the characters' bytes, not hex-decoded).
 * Pure JavaScript so it also works over plain http, where WebCrypto is unavailable.
 */
export function encryptPassword(password: string, captchaToken: string | null | undefined): string {
  if (!captchaToken || captchaToken.length < CAPTCHA_TOKEN_MIN_LENGTH) return password;
  const key = utf8ToBytes(captchaToken.slice(0, 16));
  const iv = utf8ToBytes(captchaToken.slice(16, 32));
  return toBase64(cbc(key, iv).encrypt(utf8ToBytes(password)));
}
