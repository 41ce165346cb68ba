import { createCipheriv } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { AuthService, LoginError } from './auth-service.js';
import { CAPTCHA_TTL_MS, CaptchaService } from './captcha-service.js';
import { LoginLimiter } from './login-limiter.js';
import { MemorySessionStore } from '../../../test/fakes/memory-session-store.js';
import { SessionService } from './session-service.js';
import { UserService } from './user-service.js';
import { MemoryUserStore } from '../../../test/fakes/memory-user-store.js';

function encrypt(password: string, token: string): string {
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(token.slice(0, 16)), Buffer.from(token.slice(16, 32)));
  return Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]).toString('base64');
}

const source = { text: () => 'K7P2', render: async () => Buffer.from('png') };

async function setup(captchaEnabled = true) {
  const clock = new ManualClock();
  const users = await UserService.create(new MemoryUserStore(), clock);
  await users.ensureInitialAdmin('admin', 'admin');
  const auth = new AuthService(
    users,
    await SessionService.create(new MemorySessionStore(), clock),
    new CaptchaService(clock, source, captchaEnabled),
    new LoginLimiter(clock, 3),
    {
      consoleLoginSeconds: 100,
      apiLoginSeconds: 50,
    },
  );
  return { clock, users, auth };
}

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (err) {
    return err instanceof LoginError ? err.code : String(err);
  }
}

describe('AuthService', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeEach(async () => {
    ctx = await setup();
  });

  it('logs in with an encrypted password and a captcha, once per captcha', async () => {
    const { token } = await ctx.auth.captcha.issue();
    const session = await ctx.auth.consoleLogin({
      username: 'admin',
      password: encrypt('admin', token),
      captcha: 'k7p2',
      captchaToken: token,
    });
    expect(session.token).toMatch(/^[0-9a-f]{64}$/);
    expect(ctx.auth.identify('console', session.token)?.user.username).toBe('admin');
    expect(ctx.auth.identify('api', session.token)).toBeUndefined();
    // The same captcha cannot be used again.
    expect(
      await code(
        ctx.auth.consoleLogin({
          username: 'admin',
          password: encrypt('admin', token),
          captcha: 'K7P2',
          captchaToken: token,
        }),
      ),
    ).toBe('CAPTCHA_CHECK_ERROR');
  });

  it('refuses a missing, wrong or expired captcha before counting an attempt', async () => {
    expect(
      await code(ctx.auth.consoleLogin({ username: 'admin', password: 'x', captcha: 'K7P2', captchaToken: undefined })),
    ).toBe('CAPTCHA_CHECK_ERROR');
    const a = await ctx.auth.captcha.issue();
    expect(
      await code(ctx.auth.consoleLogin({ username: 'admin', password: 'x', captcha: 'AAAA', captchaToken: a.token })),
    ).toBe('CAPTCHA_CHECK_ERROR');
    const b = await ctx.auth.captcha.issue();
    ctx.clock.advance(CAPTCHA_TTL_MS);
    expect(
      await code(
        ctx.auth.consoleLogin({
          username: 'admin',
          password: encrypt('admin', b.token),
          captcha: 'K7P2',
          captchaToken: b.token,
        }),
      ),
    ).toBe('CAPTCHA_CHECK_ERROR');
  });

  it('limits attempts per username per hour and resets on success', async () => {
    const attempt = async (password: string) => {
      const { token } = await ctx.auth.captcha.issue();
      return code(
        ctx.auth.consoleLogin({
          username: 'admin',
          password: encrypt(password, token),
          captcha: 'K7P2',
          captchaToken: token,
        }),
      );
    };
    expect(await attempt('bad')).toBe('USER_CHECK_ERROR');
    expect(await attempt('bad')).toBe('USER_CHECK_ERROR');
    expect(await attempt('bad')).toBe('USER_CHECK_ERROR');
    expect(await attempt('admin')).toBe('LOGIN_LIMITE_ERROR');
    ctx.clock.advance(20 * 60_000); // one attempt back every 20 minutes at 3 per hour
    expect(await attempt('admin')).toBe('OK');
    expect(await attempt('bad')).toBe('USER_CHECK_ERROR');
    expect(await attempt('bad')).toBe('USER_CHECK_ERROR');
    expect(await attempt('admin')).toBe('OK');
  });

  it('reports an undecryptable password instead of crashing', async () => {
    const { token } = await ctx.auth.captcha.issue();
    expect(
      await code(
        ctx.auth.consoleLogin({
          username: 'admin',
          password: 'not base64 cipher',
          captcha: 'K7P2',
          captchaToken: token,
        }),
      ),
    ).toBe('SYSTEM_ERROR');
    const short = await setup(false);
    expect(
      await code(short.auth.consoleLogin({ username: 'admin', password: 'admin', captcha: '', captchaToken: 'abc' })),
    ).toBe('SYSTEM_ERROR');
    expect(
      await code(
        short.auth.consoleLogin({ username: 'admin', password: 'admin', captcha: '', captchaToken: undefined }),
      ),
    ).toBe('OK');
  });

  it('expires sessions after their lifetime and ends them when the user changes', async () => {
    const api = await ctx.auth.apiLogin('admin', 'admin');
    ctx.clock.advance(49_000);
    expect(ctx.auth.identify('api', api.token)).toBeDefined();
    ctx.clock.advance(1_000);
    expect(ctx.auth.identify('api', api.token)).toBeUndefined();

    await ctx.users.add({ username: 'dev', password: 'pw', roles: ['1'] });
    const s1 = await ctx.auth.apiLogin('dev', 'pw');
    const s2 = await ctx.auth.apiLogin('dev', 'pw');
    await ctx.users.update({ username: 'dev', nickname: 'Dev' });
    expect(ctx.auth.identify('api', s1.token)).toBeDefined();
    await ctx.auth.changeOwnPassword(ctx.auth.identify('api', s1.token)!, 'pw', 'pw2');
    expect(ctx.auth.identify('api', s1.token)).toBeDefined();
    expect(ctx.auth.identify('api', s2.token)).toBeUndefined();
    await ctx.users.update({ username: 'dev', roles: ['2'] });
    expect(ctx.auth.identify('api', s1.token)).toBeUndefined();
    expect(await code(ctx.auth.apiLogin('dev', 'pw'))).toBe('USER_CHECK_ERROR');
    expect(await code(ctx.auth.apiLogin('dev', 'pw2'))).toBe('OK');
  });

  it('refuses a wrong old password on change', async () => {
    const s = await ctx.auth.apiLogin('admin', 'admin');
    expect(await code(ctx.auth.changeOwnPassword(ctx.auth.identify('api', s.token)!, 'nope', 'new'))).toBe(
      'OLD_PASSWORD_INVALID',
    );
  });
});
