import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { UserApiAccessGuard } from './api-access-guard.js';
import { AuthService } from './auth-service.js';
import { CaptchaService, type CaptchaSource } from './captcha-service.js';
import { randomCaptchaText } from './captcha-text.js';
import type { LdapOptions } from './ldap-options.js';
import { LazyLoginThrottle } from './lazy-login-throttle.js';
import { DefaultPasswordWatch } from './default-password-watch.js';
import { RememberedCredentials } from './remembered-credentials.js';
import { SessionService } from './session-service.js';
import type { SessionStore } from './session-store.js';
import { UserService } from './user-service.js';
import type { UserStore } from './user-store.js';

export interface AuthSettings {
  consoleLoginTimeoutSeconds: number;
  apiLoginTimeoutSeconds: number;
  consoleLoginOneHourLimit: number;
  /** SDK logins per minute per username and address (`RNACOS_API_LOGIN_ONE_MINUTE_LIMIT`); unset: the hourly limit. */
  apiLoginOneMinuteLimit?: number;
  consoleEnableCaptcha: boolean;
  enableOpenApiAuth: boolean;
  initAdminUsername: string;
  initAdminPassword: string;
  /** Set when LDAP login is on. */
  ldap?: LdapOptions;
}

/** Drawn by the captcha worker, whose pool is loaded with the first captcha: most starts never draw one. */
const realCaptchaSource: CaptchaSource = {
  text: () => randomCaptchaText(),
  render: async (text) => (await import('./captcha-renderer.js')).renderCaptchaInWorker(text),
};

/** The default-password warning of a later start waits this long (the server is up by then). */
export const DEFAULT_PASSWORD_CHECK_DELAY_MS = 1000;

/** Users (with the first admin on an empty store), logins and the SDK access guard. */
export async function createAuth(
  stores: { users: UserStore; sessions: SessionStore },
  settings: AuthSettings,
  clock: Clock,
  logger: Logger,
  captchaSource: CaptchaSource = realCaptchaSource,
) {
  const users = await UserService.create(stores.users, clock);
  const createdAdmin = await users.ensureInitialAdmin(settings.initAdminUsername, settings.initAdminPassword);
  // made after the admin exists: watching its creation would compare the password just stored (a bcrypt
  // comparison, ~90 ms of the event loop at every first start)
  const defaultPassword = new DefaultPasswordWatch(users, settings.initAdminUsername, logger);
  if (createdAdmin) {
    logger.info(`created the console admin user ${settings.initAdminUsername}`);
    defaultPassword.created(settings.initAdminPassword);
  } else {
    // checked once the server is up, off the start-up path
    defaultPassword.checkLater(DEFAULT_PASSWORD_CHECK_DELAY_MS);
  }
  const auth = new AuthService(
    {
      users,
      sessions: await SessionService.create(stores.sessions, clock),
      captcha: new CaptchaService(clock, captchaSource, settings.consoleEnableCaptcha),
      throttle: new LazyLoginThrottle([
        clock,
        settings.consoleLoginOneHourLimit,
        logger,
        undefined,
        settings.apiLoginOneMinuteLimit === undefined
          ? {}
          : { sdk: { attempts: settings.apiLoginOneMinuteLimit, windowMs: 60_000 } },
      ]),
      // as long as a token lives, so a renewal finds its login (a minute at least)
      sdkCredentials: new RememberedCredentials(clock, Math.max(60, settings.apiLoginTimeoutSeconds) * 1000),
      directory: settings.ldap && (await ldapLogin(settings.ldap, users, logger)),
      defaultPassword,
    },
    { consoleLoginSeconds: settings.consoleLoginTimeoutSeconds, apiLoginSeconds: settings.apiLoginTimeoutSeconds },
  );
  await retireStrays(auth, logger);
  if (settings.ldap) {
    const { url, bindDn, startTls } = settings.ldap;
    logger.info(
      `LDAP login on: ${url}${startTls ? ' with StartTLS' : ''}, ${bindDn ? `searching as ${bindDn}` : 'binding as cn=<username>'}`,
    );
  }
  const apiAccess = new UserApiAccessGuard(auth, settings.enableOpenApiAuth);
  return { auth, apiAccess };
}

/** LDAP's code (ldapts) is loaded only when LDAP login is on. */
async function ldapLogin(options: LdapOptions, users: UserService, logger: Logger) {
  const [{ LdapDirectory }, { LdapLogin }] = await Promise.all([
    import('./ldap-directory.js'),
    import('./ldap-login.js'),
  ]);
  return new LdapLogin(new LdapDirectory(options), users, options, logger);
}

/**
 * Users an older release recorded beside another spelling of their name (it compared names exactly): they
 * can no longer act, so their sessions end now (none comes back if an admin later removes the spelling that
 * counts), and the log names them for an admin to delete.
 */
async function retireStrays(auth: AuthService, logger: Logger): Promise<void> {
  for (const { stray, identity } of auth.users.strays()) {
    await auth.sessions.endAllFor(stray.username);
    logger.warn(
      `console user ${JSON.stringify(stray.username)} is another spelling of ${JSON.stringify(identity.username)}, ` +
        `which every spelling of the name now logs in as: delete ${JSON.stringify(stray.username)} in the console's ` +
        `user list once ${JSON.stringify(identity.username)} has the status, roles and namespaces wanted`,
    );
  }
}
