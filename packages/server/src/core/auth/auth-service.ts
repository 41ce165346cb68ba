import { invalid } from '../../shared/errors.js';
import type { CaptchaService } from './captcha-service.js';
import type { LoginLimiter } from './login-limiter.js';
import { decodeLoginPassword } from './password-transport.js';
import type { Session, SessionService } from './session-service.js';
import type { SessionKind } from './session-store.js';
import type { User } from './user-model.js';
import type { UserService } from './user-service.js';

export type LoginErrorCode =
  'CAPTCHA_CHECK_ERROR' | 'LOGIN_LIMITE_ERROR' | 'USER_CHECK_ERROR' | 'OLD_PASSWORD_INVALID' | 'SYSTEM_ERROR';

/** A refused login; `code` is what the console shows a message for. */
export class LoginError extends Error {
  constructor(
    readonly code: LoginErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LoginError';
  }
}

export interface AuthTimeouts {
  consoleLoginSeconds: number;
  apiLoginSeconds: number;
}

export interface ConsoleLoginInput {
  username: string;
  /** AES-encrypted with the captcha token when the console had one, else as typed. */
  password: string;
  captcha: string;
  /** From the `captcha_token` cookie. */
  captchaToken: string | undefined;
}

export interface Identity {
  session: Session;
  user: User;
}

/** Logins of the console and the SDKs, and who a token belongs to. */
export class AuthService {
  constructor(
    readonly users: UserService,
    readonly sessions: SessionService,
    readonly captcha: CaptchaService,
    private readonly limiter: LoginLimiter,
    readonly timeouts: AuthTimeouts,
  ) {
    users.onChange(async (username, endSessions, keep) => {
      if (endSessions) await sessions.endAllFor(username, keep);
    });
  }

  async consoleLogin(input: ConsoleLoginInput): Promise<Session> {
    if (this.captcha.enabled) {
      if (!input.captchaToken) throw new LoginError('CAPTCHA_CHECK_ERROR', 'captcha token is empty');
      if (!this.captcha.check(input.captchaToken, input.captcha)) {
        throw new LoginError('CAPTCHA_CHECK_ERROR', 'captcha is wrong or expired');
      }
    }
    const password = decodeLoginPassword(input.password, input.captchaToken);
    if (password === undefined) throw new LoginError('SYSTEM_ERROR', 'decode_password error');
    await this.checkCredentials(input.username, password);
    return this.sessions.create('console', input.username, this.timeouts.consoleLoginSeconds);
  }

  /** `/nacos/v1/auth/login`: a token for an SDK. */
  async apiLogin(username: string, password: string): Promise<Session> {
    await this.checkCredentials(username, password);
    return this.sessions.create('api', username, this.timeouts.apiLoginSeconds);
  }

  /** The user behind a live token, if still enabled. */
  identify(kind: SessionKind, token: string | undefined): Identity | undefined {
    const session = this.sessions.get(kind, token);
    if (!session) return undefined;
    const user = this.users.get(session.username);
    if (!user || !user.enabled) {
      // Normally ended with the change of the user already; this only tidies up.
      this.sessions.remove(session.token).catch(() => undefined);
      return undefined;
    }
    return { session, user };
  }

  logout(token: string): Promise<void> {
    return this.sessions.remove(token);
  }

  /** Changes the caller's own password after checking the old one; the caller's session survives. */
  async changeOwnPassword(identity: Identity, oldPassword: string, newPassword: string): Promise<void> {
    if (!newPassword) throw invalid('new password is required');
    if (!(await this.users.authenticate(identity.user.username, oldPassword))) {
      throw new LoginError('OLD_PASSWORD_INVALID', 'the old password is wrong');
    }
    await this.users.update(
      { username: identity.user.username, password: newPassword },
      { keepSession: identity.session.token },
    );
  }

  /** Counts against the hourly limit; a success resets it. */
  async checkCredentials(username: string, password: string): Promise<User> {
    if (!username || !password) throw new LoginError('USER_CHECK_ERROR', 'username and password are required');
    if (!this.limiter.tryAcquire(username)) {
      throw new LoginError('LOGIN_LIMITE_ERROR', 'Frequent login, please try again later');
    }
    const user = await this.users.authenticate(username, password);
    if (!user) throw new LoginError('USER_CHECK_ERROR', 'wrong username or password');
    this.limiter.reset(username);
    return user;
  }
}
