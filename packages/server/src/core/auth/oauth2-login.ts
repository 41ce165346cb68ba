import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { NacosError } from '../../shared/errors.js';
import { LoginLimiter } from './login-limiter.js';
import { loginSourceOf } from './login-source.js';
import { OAuth2Client, ProviderError, type PendingLogin } from './oauth2-client.js';
import { claimAt, mappedRole, type OAuth2Settings } from './oauth2-config.js';
import type { Session, SessionService } from './session-service.js';
import type { UserService } from './user-service.js';

const NO_NAMESPACES = { whitelistIsAll: false, whitelist: [] };

/**
 * Why an OAuth2 login failed; the login page shows a text for each (and the r-nacos console shows the
 * message of OAUTH2_AUTH_ERROR).
 */
export type OAuth2ErrorCode =
  | 'OAUTH2_DENIED'
  | 'OAUTH2_STATE_ERROR'
  | 'OAUTH2_PROVIDER_ERROR'
  | 'OAUTH2_AUTH_ERROR'
  | 'OAUTH2_USER_CONFLICT'
  | 'LOGIN_LIMITE_ERROR';

export class OAuth2LoginError extends Error {
  constructor(
    readonly code: OAuth2ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OAuth2LoginError';
  }
}

/** What the provider sent the browser back with. */
export interface OAuth2Callback {
  /** The callback's query (`code`, `state`, `iss`, or `error`). */
  query: URLSearchParams;
  /** From the browser's signed cookie; undefined when it is missing, forged or expired. */
  pending: PendingLogin | undefined;
  /** The browser's address: failed callbacks are counted per address. */
  source: string | undefined;
}

const PROVIDER_ERROR_CODE: Record<ProviderError['reason'], OAuth2ErrorCode> = {
  denied: 'OAUTH2_DENIED',
  unreachable: 'OAUTH2_PROVIDER_ERROR',
  rejected: 'OAUTH2_AUTH_ERROR',
};

/**
 * Console logins through an OAuth2 / OpenID Connect provider: a started login is bound to the browser
 * (state, nonce and PKCE verifier in its cookie); the callback must bring the same state back, the code is
 * exchanged with the verifier, and the user the claims name is recorded (source OAUTH2) and gets an
 * ordinary console session. Failed callbacks of started logins are counted per browser address, like
 * password attempts.
 */
export class OAuth2Login {
  private readonly client: OAuth2Client;
  private readonly failures: LoginLimiter;

  constructor(
    readonly settings: OAuth2Settings,
    private readonly deps: {
      users: UserService;
      sessions: SessionService;
      clock: Clock;
      logger: Pick<Logger, 'warn' | 'info'>;
      consoleLoginSeconds: number;
      perHour: number;
    },
  ) {
    this.client = new OAuth2Client(settings);
    this.failures = new LoginLimiter(deps.clock, deps.perHour);
  }

  /** Discovery now, so a wrong issuer shows in the log at start; logins retry it. */
  checkProvider(): void {
    this.client.check().then(
      () => this.deps.logger.info(`OAuth2 login: provider ${this.settings.issuer ?? this.settings.authorizationUrl}`),
      (err: unknown) => this.deps.logger.warn(`OAuth2 login: ${(err as Error).message}; retried on the next login`),
    );
  }

  /** The provider URL to send the browser to, and what the browser must keep until it comes back. */
  async start(): Promise<{ url: string; pending: PendingLogin }> {
    try {
      return await this.client.start();
    } catch (err) {
      throw this.refusal(err);
    }
  }

  /**
   * Only a callback that brings back the state of a login this browser started is counted against its
   * address: anyone can make browsers send made-up callbacks (an image on any page), and behind a proxy one
   * address is every user, so those are refused without touching the count. A provider's error answer
   * has no code to try and is not counted either.
   */
  async finish(callback: OAuth2Callback): Promise<Session> {
    const { query, pending } = callback;
    const error = query.get('error');
    if (error) {
      const code = error === 'access_denied' ? 'OAUTH2_DENIED' : 'OAUTH2_AUTH_ERROR';
      throw new OAuth2LoginError(code, `the provider answered ${error}`);
    }
    if (!pending || query.get('state') !== pending.state) {
      throw new OAuth2LoginError('OAUTH2_STATE_ERROR', 'the login was not started in this browser or has expired');
    }
    const source = loginSourceOf(callback.source);
    if (!this.failures.tryAcquire(source).allowed) {
      throw new OAuth2LoginError('LOGIN_LIMITE_ERROR', 'Frequent login, please try again later');
    }
    try {
      const session = await this.exchange(query, pending);
      this.failures.reset(source);
      return session;
    } catch (err) {
      throw this.refusal(err);
    }
  }

  private async exchange(query: URLSearchParams, pending: PendingLogin): Promise<Session> {
    if (!query.get('code')) throw new OAuth2LoginError('OAUTH2_AUTH_ERROR', 'the provider sent no code');
    const callback = new URL(this.settings.redirectUri);
    callback.search = query.toString();
    const claims = await this.client.finish(callback, pending);
    const username = text(claimAt(claims, this.settings.usernameClaim));
    if (!username) {
      throw new OAuth2LoginError('OAUTH2_AUTH_ERROR', `the provider sent no "${this.settings.usernameClaim}" claim`);
    }
    const nickname = text(claimAt(claims, this.settings.nicknameClaim)) ?? username;
    const mapped = mappedRole(this.settings, claims);
    const role = mapped ?? this.settings.defaultRole;
    const user = await this.deps.users.recordExternal({
      username,
      nickname,
      source: 'OAUTH2',
      roles: this.settings.roleClaim ? [role] : undefined,
      newRoles: [role],
      // whoever the provider signs in but no mapped claim vouches for gets no namespace unless an admin chose
      // the default role
      newPrivilege: mapped === undefined && !this.settings.defaultRoleChosen ? NO_NAMESPACES : undefined,
    });
    if (!user.enabled) throw new OAuth2LoginError('OAUTH2_AUTH_ERROR', `user ${user.username} is disabled`);
    // the user as stored: the provider may spell the name in other letters than the stored one
    return this.deps.sessions.create('console', user.username, this.deps.consoleLoginSeconds);
  }

  private refusal(err: unknown): Error {
    if (err instanceof OAuth2LoginError) return err;
    if (err instanceof ProviderError) {
      this.deps.logger.warn(`OAuth2 login failed: ${err.message}`);
      return new OAuth2LoginError(PROVIDER_ERROR_CODE[err.reason], err.message);
    }
    if (err instanceof NacosError && err.kind === 'conflict')
      return new OAuth2LoginError('OAUTH2_USER_CONFLICT', err.message);
    if (err instanceof NacosError && err.kind === 'invalid')
      return new OAuth2LoginError('OAUTH2_AUTH_ERROR', err.message);
    return err instanceof Error ? err : new Error(String(err));
  }
}

/** A claim as text: strings and numbers (GitHub's numeric ids); anything else is absent. */
function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
