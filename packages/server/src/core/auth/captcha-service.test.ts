import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { CAPTCHA_TTL_MS, CaptchaService } from './captcha-service.js';

const CODE = 'K7P2';

function service(enabled = true) {
  const clock = new ManualClock();
  const drawn: string[] = [];
  const source = {
    text: () => CODE,
    render: async (text: string) => {
      drawn.push(text);
      return Buffer.from('png');
    },
  };
  return { clock, drawn, captcha: new CaptchaService(clock, source, enabled) };
}

/** The cookie with one of its dot-separated fields replaced. */
function withField(cookie: string, index: number, value: string): string {
  const fields = cookie.split('.');
  fields[index] = value;
  return fields.join('.');
}

describe('CaptchaService', () => {
  it('issues a cookie that starts with the token and does not carry the code', async () => {
    const { captcha, drawn, clock } = service();
    const issued = await captcha.issue();
    expect(issued.token).toMatch(/^[0-9a-f]{32}$/);
    expect(issued.png).toEqual(Buffer.from('png'));
    expect(drawn).toEqual([CODE]);
    const [token, expiresAt, answer, seal] = issued.cookie.split('.');
    expect(token).toBe(issued.token);
    expect(Number(expiresAt)).toBe(clock.now() + CAPTCHA_TTL_MS);
    expect(answer).toMatch(/^[\w-]{22}$/);
    expect(seal).toMatch(/^[\w-]{22}$/);
    expect(issued.cookie.toUpperCase()).not.toContain(CODE);
  });

  it('accepts the answer once, in any case and with blanks around it', async () => {
    const { captcha } = service();
    const { cookie } = await captcha.issue();
    expect(captcha.check(cookie, ' k7p2 ')).toBe(true);
    expect(captcha.check(cookie, CODE)).toBe(false);
  });

  it('uses a captcha up on a wrong answer too', async () => {
    const { captcha } = service();
    const { cookie } = await captcha.issue();
    expect(captcha.check(cookie, 'ZZZZ')).toBe(false);
    expect(captcha.check(cookie, CODE)).toBe(false);
  });

  it('refuses an expired captcha', async () => {
    const { captcha, clock } = service();
    const { cookie } = await captcha.issue();
    clock.advance(CAPTCHA_TTL_MS - 1);
    const { cookie: fresh } = await captcha.issue();
    expect(captcha.check(fresh, CODE)).toBe(true);
    clock.advance(1);
    expect(captcha.check(cookie, CODE)).toBe(false);
  });

  it('refuses forged and altered cookies without using the real one up', async () => {
    const { captcha, clock } = service();
    const { cookie, token } = await captcha.issue();
    const other = await captcha.issue();
    const forged = [
      '',
      token,
      `${token}.${CAPTCHA_TTL_MS}`,
      withField(cookie, 0, other.token), // another token under this one's seal
      withField(cookie, 1, String(clock.now() + 10 * CAPTCHA_TTL_MS)), // a later expiry
      withField(cookie, 2, other.cookie.split('.')[2]), // another captcha's answer
      withField(cookie, 3, 'A'.repeat(22)),
      `${cookie}.extra`,
    ];
    for (const value of forged) expect(captcha.check(value, CODE), value).toBe(false);
    // a cookie sealed by another process (another node, or before a restart)
    const elsewhere = service();
    expect(elsewhere.captcha.check(cookie, CODE)).toBe(false);
    clock.advance(1000);
    expect(captcha.check(cookie, CODE)).toBe(true);
  });

  it("still accepts a user's captcha after 100,000 more were issued", { timeout: 60_000 }, async () => {
    const { captcha } = service();
    const mine = await captcha.issue();
    for (let i = 0; i < 100_001; i++) await captcha.issue();
    expect(captcha.check(mine.cookie, CODE)).toBe(true);
  });

  it('forgets used tokens once they have expired', async () => {
    const { captcha, clock } = service();
    const first = await captcha.issue();
    expect(captcha.check(first.cookie, CODE)).toBe(true);
    clock.advance(CAPTCHA_TTL_MS);
    const second = await captcha.issue();
    expect(captcha.check(second.cookie, CODE)).toBe(true);
    expect((captcha as unknown as { used: Map<string, number> }).used.size).toBe(1);
  });

  it('without captchas issues a bare token and draws nothing', async () => {
    const { captcha, drawn } = service(false);
    const issued = await captcha.issue();
    expect(issued).toEqual({ token: expect.stringMatching(/^[0-9a-f]{32}$/), cookie: issued.token, png: null });
    expect(drawn).toEqual([]);
  });
});
