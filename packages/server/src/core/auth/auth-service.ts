import type { DefaultPasswordWatch } from './default-password-watch.js';
import { invalid } from '../../shared/errors.js';
import type { CaptchaService } from './captcha-service.js';
import type { LoginCounter } from './lazy-login-throttle.js';
import type { LoginAttempt } from './login-throttle.js';
import { decodeLoginPassword } from './password-transport.js';
import type { RememberedCredentials } from './remembered-credentials.js';
import type { Session, SessionService } from './session-service.js';
import type { SessionKind } from './session-store.js';
import type { User } from './user-model.js';
import { externalPasswordMessage, isExternalUser, type UserService } from './user-service.js';

export type LoginErrorCode =
  | 'CAPTCHA_CHECK_ERROR'
  | 'LOGIN_LIMITE_ERROR'
  | 'USER_CHECK_ERROR'
  | 'OLD_PASSWORD_INVALID'
  | 'SYSTEM_ERROR'
  // the LDAP directory gave no answer, or answered with an error (not a verdict on the password)
  | 'LDAP_UNAVAILABLE'
  | 'LDAP_REFUSED';

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
  /** The `captcha_token` cookie: the token, then its seal (its first 32 characters are the encryption's key). */
  captchaToken: string | undefined;
}

export interface Identity {
  session: Session;
  user: User;
}

/** Logins an external directory (LDAP) checks, for names that are not local users. */
export interface DirectoryLogin {
  /** The recorded user; undefined for a wrong password or unknown name. Throws LoginError when it cannot tell. */
  login(username: string, password: string): Promise<User | undefined>;
}

export interface AuthParts {
  users: UserService;
  sessions: SessionService;
  captcha: CaptchaService;
  throttle: LoginCounter;
  /** SDK credentials accepted lately, recognised without bcrypt or the limit. */
  sdkCredentials: RememberedCredentials;
  directory?: DirectoryLogin;
  /** Whether the first admin still has the default password (for the console's warning). */
  defaultPassword?: DefaultPasswordWatch;
}

const FREQUENT_LOGIN = 'Frequent login, please try again later';

/** Logins of the console and the SDKs, and who a token belongs to. */
export class AuthService {
  readonly users: UserService;
  readonly sessions: SessionService;
  readonly captcha: CaptchaService;
  private readonly throttle: LoginCounter;
  private readonly sdkCredentials: RememberedCredentials;
  private readonly directory: DirectoryLogin | undefined;
  readonly defaultPassword: DefaultPasswordWatch | null;
  private refused = 0;

  constructor(
    parts: AuthParts,
    readonly timeouts: AuthTimeouts,
  ) {
    this.users = parts.users;
    this.sessions = parts.sessions;
    this.captcha = parts.captcha;
    this.throttle = parts.throttle;
    this.sdkCredentials = parts.sdkCredentials;
    this.directory = parts.directory;
    this.defaultPassword = parts.defaultPassword ?? null;
    this.users.onChange(async (username, endSessions, keep) => {
      this.sdkCredentials.forget(username);
      if (endSessions) await this.sessions.endAllFor(username, keep);
    });
  }

  /** Console and SDK logins refused so far (no or wrong username or password, or too many attempts). */
  get refusedLogins(): number {
    return this.refused;
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
    const user = await this.checkPassword(this.attempt('console', input.username), password);
    // the session names the user as stored: a directory user may type their name in any case
    return this.sessions.create('console', user.username, this.timeouts.consoleLoginSeconds);
  }

  /** `/nacos/v1/auth/login`: a token for an SDK calling from `source` (its address), naming the stored user. */
  async apiLogin(username: string, password: string, source?: string): Promise<Session> {
    const user = await this.sdkUser(username, password, source);
    return this.sessions.create('api', user.username, this.timeouts.apiLoginSeconds);
  }

  /**
   * The user behind credentials an SDK sent (to log in, or on a request). Counted per username and source;
   * a pair accepted lately passes without counting, so a client renewing its token with the right password
   * keeps working while another client hammers a wrong one.
   */
  async sdkUser(username: string, password: string, source?: string): Promise<User> {
    if (username && password && this.sdkCredentials.matches(username, password)) {
      const user = this.users.actingUser(username);
      if (user?.enabled) return user;
    }
    const user = await this.checkPassword(this.attempt('sdk', username, source), password);
    // not if the user changed while bcrypt ran: the pair may be stale already; a directory user's pair is
    // checked by the directory each time, so a password or group changed there counts at once
    if (this.users.actingUser(username) === user && user.source !== 'LDAP') {
      this.sdkCredentials.remember(username, password);
    }
    return user;
  }

  /** The user behind a live token, if still enabled and still the one its name means. */
  identify(kind: SessionKind, token: string | undefined): Identity | undefined {
    const session = this.sessions.get(kind, token);
    if (!session) return undefined;
    const user = this.users.actingUser(session.username);
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
    // an LDAP or OAuth2 user has no password here to check or to change
    if (isExternalUser(identity.user)) throw invalid(externalPasswordMessage(identity.user));
    const attempt = this.attempt('password-change', identity.user.username);
    if (!(await this.throttle.tryAcquire(attempt))) throw new LoginError('LOGIN_LIMITE_ERROR', FREQUENT_LOGIN);
    if (!(await this.users.authenticate(identity.user.username, oldPassword))) {
      throw new LoginError('OLD_PASSWORD_INVALID', 'the old password is wrong');
    }
    this.throttle.reset(attempt);
    await this.users.update(
      { username: identity.user.username, password: newPassword },
      { keepSession: identity.session.token },
    );
  }

  /** Counts against the attempt's limit; a success resets it. */
  private async checkPassword(attempt: LoginAttempt, password: string): Promise<User> {
    if (!attempt.username || !password) {
      return this.refuse(new LoginError('USER_CHECK_ERROR', 'username and password are required'));
    }
    if (!(await this.throttle.tryAcquire(attempt)))
      return this.refuse(new LoginError('LOGIN_LIMITE_ERROR', FREQUENT_LOGIN));
    const user =
      (await this.users.authenticate(attempt.username, password)) ??
      (await this.directoryUser(attempt.username, password));
    if (!user) return this.refuse(new LoginError('USER_CHECK_ERROR', 'wrong username or password'));
    this.throttle.reset(attempt);
    return user;
  }

  /** Counts a refused login (`refusedLogins`) and throws its error. */
  private refuse(error: LoginError): never {
    this.refused++;
    throw error;
  }

  /**
   * A local user wins: their password alone decides, so a directory entry of the same name, in any case,
   * never logs in as (or takes the rights of, or beside) a local account such as the admin.
   */
  private async directoryUser(username: string, password: string): Promise<User | undefined> {
    if (!this.directory) return undefined;
    const known = this.users.resolve(username);
    if (known && known.source !== 'LDAP') return undefined;
    return this.directory.login(username, password);
  }

  private attempt(door: LoginAttempt['door'], username: string, source?: string): LoginAttempt {
    return { door, username, source, knownUser: this.users.resolve(username) !== undefined };
  }
}
