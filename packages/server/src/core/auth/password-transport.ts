import { createDecipheriv } from 'node:crypto';

/**
 * The console encrypts the password with AES-128-CBC/PKCS7 before sending it: key = characters 0-16 of the
 * captcha token, IV = characters 16-32 (as ASCII, not hex-decoded), ciphertext in base64. Without a token
 * the password travels as typed. Returns undefined when the value cannot be decrypted.
 */
export function decodeLoginPassword(sent: string, captchaToken: string | undefined): string | undefined {
  if (!captchaToken) return sent;
  if (captchaToken.length < 32) return undefined;
  try {
    const key = Buffer.from(captchaToken.slice(0, 16), 'utf8');
    const iv = Buffer.from(captchaToken.slice(16, 32), 'utf8');
    if (key.length !== 16 || iv.length !== 16) return undefined;
    const decipher = createDecipheriv('aes-128-cbc', key, iv);
    const plain = Buffer.concat([decipher.update(Buffer.from(sent, 'base64')), decipher.final()]);
    const text = plain.toString('utf8');
    // A wrong key usually still unpads; reject what is not valid UTF-8.
    return Buffer.from(text, 'utf8').equals(plain) ? text : undefined;
  } catch {
    return undefined;
  }
}
