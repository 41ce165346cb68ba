import { createCipheriv } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { AuthService, LoginError } from './auth-service.js';
import { CAPTCHA_TTL_MS, CaptchaService } from './captcha-service.js';
import { LoginThrottle } from './login-throttle.js';
import { RememberedCredentials } from './remembered-credentials.js';
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
  const store = new MemoryUserStore();
  const users = await UserService.create(store, clock);
  await users.ensureInitialAdmin('admin', 'admin');
  const warnings: string[] = [];
  const auth = new AuthService(
    {
      users,
      sessions: await SessionService.create(new MemorySessionStore(), clock),
      captcha: new CaptchaService(clock, source, captchaEnabled),
      throttle: new LoginThrottle(clock, 3, { warn: (line: string) => warnings.push(line) }),
      sdkCredentials: new RememberedCredentials(clock, 600_000),
    },
    {
      consoleLoginSeconds: 100,
      apiLoginSeconds: 50,
    },
  );
  return { clock, store, users, auth, warnings };
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
    const { token, cookie } = await ctx.auth.captcha.issue();
    const session = await ctx.auth.consoleLogin({
      username: 'admin',
      password: encrypt('admin', token),
      captcha: 'k7p2',
      captchaToken: cookie,
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
          captchaToken: cookie,
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
      await code(ctx.auth.consoleLogin({ username: 'admin', password: 'x', captcha: 'AAAA', captchaToken: a.cookie })),
    ).toBe('CAPTCHA_CHECK_ERROR');
    const b = await ctx.auth.captcha.issue();
    ctx.clock.advance(CAPTCHA_TTL_MS);
    expect(
      await code(
        ctx.auth.consoleLogin({
          username: 'admin',
          password: encrypt('admin', b.token),
          captcha: 'K7P2',
          captchaToken: b.cookie,
        }),
      ),
    ).toBe('CAPTCHA_CHECK_ERROR');
  });

  it('limits attempts per username per hour and resets on success', async () => {
    const attempt = async (password: string) => {
      const { token, cookie } = await ctx.auth.captcha.issue();
      return code(
        ctx.auth.consoleLogin({
          username: 'admin',
          password: encrypt(password, token),
          captcha: 'K7P2',
          captchaToken: cookie,
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

  it('counts refused logins of the console and the SDKs, not accepted ones nor captcha failures', async () => {
    const { token, cookie } = await ctx.auth.captcha.issue();
    const login = { username: 'admin', password: encrypt('bad', token), captcha: 'K7P2', captchaToken: cookie };
    expect(await code(ctx.auth.consoleLogin(login))).toBe('USER_CHECK_ERROR');
    expect(await code(ctx.auth.consoleLogin({ ...login, captcha: 'XXXX' }))).toBe('CAPTCHA_CHECK_ERROR');
    expect(ctx.auth.refusedLogins).toBe(1);
    expect(await code(ctx.auth.apiLogin('admin', 'admin'))).toBe('OK');
    expect(await code(ctx.auth.apiLogin('nobody', 'x'))).toBe('USER_CHECK_ERROR');
    expect(await code(ctx.auth.apiLogin('admin', ''))).toBe('USER_CHECK_ERROR');
    expect(await code(ctx.auth.sdkUser('admin', 'wrong', '10.0.0.1'))).toBe('USER_CHECK_ERROR');
    expect(ctx.auth.refusedLogins).toBe(4);
    for (let i = 0; i < 3; i++) await code(ctx.auth.apiLogin('nobody', 'x', '10.0.0.2'));
    expect(await code(ctx.auth.apiLogin('nobody', 'x', '10.0.0.2'))).toBe('LOGIN_LIMITE_ERROR');
    expect(ctx.auth.refusedLogins).toBe(8);
  });

  it('reports an undecryptable password instead of crashing', async () => {
    const { cookie } = await ctx.auth.captcha.issue();
    expect(
      await code(
        ctx.auth.consoleLogin({
          username: 'admin',
          password: 'not base64 cipher',
          captcha: 'K7P2',
          captchaToken: cookie,
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

    await ctx.users.add({ username: 'dev', password: 'pw-password', roles: ['1'] });
    const s1 = await ctx.auth.apiLogin('dev', 'pw-password');
    const s2 = await ctx.auth.apiLogin('dev', 'pw-password');
    await ctx.users.update({ username: 'dev', nickname: 'Dev' });
    expect(ctx.auth.identify('api', s1.token)).toBeDefined();
    await ctx.auth.changeOwnPassword(ctx.auth.identify('api', s1.token)!, 'pw-password', 'pw2-password');
    expect(ctx.auth.identify('api', s1.token)).toBeDefined();
    expect(ctx.auth.identify('api', s2.token)).toBeUndefined();
    await ctx.users.update({ username: 'dev', roles: ['2'] });
    expect(ctx.auth.identify('api', s1.token)).toBeUndefined();
    expect(await code(ctx.auth.apiLogin('dev', 'pw-password'))).toBe('USER_CHECK_ERROR');
    expect(await code(ctx.auth.apiLogin('dev', 'pw2-password'))).toBe('OK');
  });

  it('limits SDK logins per source and lets a pair accepted lately through a locked source', async () => {
    await ctx.users.add({ username: 'app', password: 'right-password', roles: ['1'] });
    await ctx.auth.apiLogin('app', 'right-password', '10.0.0.1'); // a client that logged in before
    for (let i = 0; i < 3; i++)
      expect(await code(ctx.auth.apiLogin('app', 'wrong', '10.0.0.1'))).toBe('USER_CHECK_ERROR');
    expect(await code(ctx.auth.apiLogin('app', 'wrong', '10.0.0.1'))).toBe('LOGIN_LIMITE_ERROR');
    expect(await code(ctx.auth.apiLogin('app', 'wrong2', '10.0.0.1'))).toBe('LOGIN_LIMITE_ERROR');
    expect(ctx.warnings).toHaveLength(1);
    // its renewal from the same address, a first login from elsewhere, the console: all unaffected
    expect(await code(ctx.auth.apiLogin('app', 'right-password', '10.0.0.1'))).toBe('OK');
    expect(await code(ctx.auth.sdkUser('app', 'right-password', '10.0.0.1'))).toBe('OK');
    expect(await code(ctx.auth.apiLogin('app', 'right-password', '10.0.0.2'))).toBe('OK');
    const { token, cookie } = await ctx.auth.captcha.issue();
    expect(
      await code(
        ctx.auth.consoleLogin({
          username: 'app',
          password: encrypt('right-password', token),
          captcha: 'K7P2',
          captchaToken: cookie,
        }),
      ),
    ).toBe('OK');
    // a changed password is no longer remembered: the locked source is refused again
    await ctx.users.update({ username: 'app', password: 'newer-password' });
    expect(await code(ctx.auth.apiLogin('app', 'right-password', '10.0.0.1'))).toBe('LOGIN_LIMITE_ERROR');
  });

  it("ends what a user's sessions and remembered SDK password can do once another spelling of the name counts", async () => {
    await ctx.users.add({ username: 'app', password: 'right-password', roles: ['1'] });
    const api = await ctx.auth.apiLogin('app', 'right-password', '10.0.0.1');
    expect(await code(ctx.auth.sdkUser('app', 'right-password', '10.0.0.1'))).toBe('OK');
    // an import (or another node) brings a local APP recorded earlier: the name means that user now
    const app = ctx.users.get('app')!;
    await ctx.store.change(() => ({ save: { ...app, username: 'APP', createdAt: app.createdAt - 1 }, result: 0 }));
    await ctx.users.reload();
    expect(ctx.auth.identify('api', api.token)).toBeUndefined();
    expect(await code(ctx.auth.sdkUser('app', 'right-password', '10.0.0.1'))).toBe('USER_CHECK_ERROR');
    expect(await code(ctx.auth.apiLogin('APP', 'right-password'))).toBe('OK');
  });

  it('limits old-password checks on a password change, apart from logins', async () => {
    const s = await ctx.auth.apiLogin('admin', 'admin');
    const identity = ctx.auth.identify('api', s.token)!;
    for (let i = 0; i < 3; i++) {
      expect(await code(ctx.auth.changeOwnPassword(identity, 'guess', 'new-password'))).toBe('OLD_PASSWORD_INVALID');
    }
    expect(await code(ctx.auth.changeOwnPassword(identity, 'admin', 'new-password'))).toBe('LOGIN_LIMITE_ERROR');
    expect(await ctx.users.authenticate('admin', 'admin')).toBeDefined();
    expect(await code(ctx.auth.apiLogin('admin', 'admin', '10.0.0.9'))).toBe('OK');
    ctx.clock.advance(20 * 60_000);
    expect(await code(ctx.auth.changeOwnPassword(identity, 'admin', 'new-password'))).toBe('OK');
  });

  it('refuses a wrong old password on change', async () => {
    const s = await ctx.auth.apiLogin('admin', 'admin');
    expect(await code(ctx.auth.changeOwnPassword(ctx.auth.identify('api', s.token)!, 'nope', 'new-password'))).toBe(
      'OLD_PASSWORD_INVALID',
    );
  });
});
