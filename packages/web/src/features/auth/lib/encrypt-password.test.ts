import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPassword } from './encrypt-password.js';

const token = '0123456789abcdef' + 'fedcba9876543210';

function decrypt(cipherText: string, tok: string): string {
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(tok.slice(0, 16)), Buffer.from(tok.slice(16, 32)));
  return Buffer.concat([decipher.update(Buffer.from(cipherText, 'base64')), decipher.final()]).toString('utf8');
}

describe('encryptPassword', () => {
  it('encrypts with AES-128-CBC, key and IV from the token, as base64', () => {
    const sent = encryptPassword('s3cret-密码', token);
    expect(sent).not.toBe('s3cret-密码');
    expect(decrypt(sent, token)).toBe('s3cret-密码');
  });

  it('pads a full block with PKCS7 (16-byte input gives 32 bytes)', () => {
    expect(Buffer.from(encryptPassword('exactly16chars!!', token), 'base64')).toHaveLength(32);
  });

  it('uses only the first 32 characters of a longer token', () => {
    expect(decrypt(encryptPassword('pw', token + 'extra'), token)).toBe('pw');
  });

  it('sends the password as typed when the token is shorter than 32 characters or missing', () => {
    expect(encryptPassword('pw', token.slice(0, 31))).toBe('pw');
    expect(encryptPassword('pw', null)).toBe('pw');
  });
});
