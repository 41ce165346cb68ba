import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: characters people confuse in a noisy picture. */
const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function randomCaptchaText(length = 4): string {
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}
