import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';

export const CAPTCHA_TTL_MS = 300_000;

export interface CaptchaSource {
  /** The characters to show; tests inject a known text. */
  text(): string;
  render(text: string): Promise<Buffer>;
}

export interface IssuedCaptcha {
  /** 32 lowercase hex characters (the `Captcha-Token` header); also the key material of the password encryption. */
  token: string;
  /** The `captcha_token` cookie: the token, then what lets this process check the answer. */
  cookie: string;
  /** PNG, or null when captchas are disabled. */
  png: Buffer | null;
}

/** An HMAC-SHA256 cut to 16 bytes, in base64url. */
const TAG = '[A-Za-z0-9_-]{22}';
const SEALED = new RegExp(`^([0-9a-f]{32})\\.([0-9]{1,15})\\.(${TAG})\\.(${TAG})$`);

/**
 * Captcha codes valid for 300 s and for one check only, right or wrong. Nothing is kept per captcha issued,
 * so a flood of captcha requests has nothing to push out: the browser holds its captcha in its cookie,
 * `token.expiresAt.answer.seal`, where `answer` is an HMAC of the token and the code (the code never leaves
 * the server) and `seal` an HMAC of token, expiry and answer, both under a key made by this process. The
 * cookie starts with the token, so its first 32 characters stay the password encryption's key material
 * (password-transport.ts). Checked tokens are kept until they expire, to refuse a second check; only
 * sealed ones get there, so at most what the captcha worker can draw in five minutes.
 */
export class CaptchaService {
  private readonly key = randomBytes(32);
  /** Tokens already checked, with their expiry, in the order checked. */
  private readonly used = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly source: CaptchaSource,
    readonly enabled: boolean,
  ) {}

  async issue(): Promise<IssuedCaptcha> {
    const token = randomBytes(16).toString('hex');
    // without captchas the cookie is only the encryption's key material, as the header
    if (!this.enabled) return { token, cookie: token, png: null };
    const text = this.source.text();
    const png = await this.source.render(text);
    const expiresAt = String(this.clock.now() + CAPTCHA_TTL_MS);
    const answer = this.answerOf(token, text);
    return { token, cookie: `${token}.${expiresAt}.${answer}.${this.sealOf(token, expiresAt, answer)}`, png };
  }

  /** Case-insensitive; consumes the captcha whatever the answer. A cookie altered, expired or sealed elsewhere fails. */
  check(cookie: string, input: string): boolean {
    const [, token, expiresAt, answer, seal] = SEALED.exec(cookie) ?? [];
    if (!token || !sameTag(seal, this.sealOf(token, expiresAt, answer))) return false;
    const now = this.clock.now();
    const expiry = Number(expiresAt);
    if (expiry <= now) return false;
    this.forgetExpired(now);
    if (this.used.has(token)) return false;
    this.used.set(token, expiry);
    return sameTag(answer, this.answerOf(token, input));
  }

  private answerOf(token: string, code: string): string {
    return this.tag(`answer\n${token}\n${code.trim().toUpperCase()}`);
  }

  private sealOf(token: string, expiresAt: string, answer: string): string {
    return this.tag(`seal\n${token}\n${expiresAt}\n${answer}`);
  }

  private tag(text: string): string {
    return createHmac('sha256', this.key).update(text).digest().subarray(0, 16).toString('base64url');
  }

  private forgetExpired(now: number): void {
    // Captchas are answered in about the order they were drawn, so expired ones gather at the front; one kept
    // behind a later expiry goes at most one lifetime late.
    for (const [token, expiresAt] of this.used) {
      if (expiresAt > now) break;
      this.used.delete(token);
    }
  }
}

function sameTag(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
