import { randomBytes } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';

export const CAPTCHA_TTL_MS = 300_000;
const MAX_PENDING = 100_000;

export interface CaptchaSource {
  /** The characters to show; tests inject a known text. */
  text(): string;
  render(text: string): Promise<Buffer>;
}

export interface IssuedCaptcha {
  /** 32 lowercase hex characters; also the key material of the password encryption. */
  token: string;
  /** PNG, or null when captchas are disabled. */
  png: Buffer | null;
}

/** Captcha codes by token: valid for 300 s and for one check only, right or wrong. */
export class CaptchaService {
  private readonly pending = new Map<string, { code: string; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly source: CaptchaSource,
    readonly enabled: boolean,
  ) {}

  async issue(): Promise<IssuedCaptcha> {
    const token = randomBytes(16).toString('hex');
    if (!this.enabled) return { token, png: null };
    const text = this.source.text();
    const png = await this.source.render(text);
    this.prune();
    this.pending.set(token, { code: text.toUpperCase(), expiresAt: this.clock.now() + CAPTCHA_TTL_MS });
    return { token, png };
  }

  /** Case-insensitive; consumes the captcha whatever the outcome. */
  check(token: string, input: string): boolean {
    const entry = this.pending.get(token);
    if (!entry) return false;
    this.pending.delete(token);
    return entry.expiresAt > this.clock.now() && input.trim().toUpperCase() === entry.code;
  }

  private prune(): void {
    // Insertion order is expiry order (one TTL for all), so expired entries sit at the front.
    const now = this.clock.now();
    for (const [token, entry] of this.pending) {
      if (entry.expiresAt > now) break;
      this.pending.delete(token);
    }
    // Still full of live entries (a flood of captcha requests): forget the oldest.
    while (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
  }
}
