import type { LoginConfig, LoginResult } from '@tsnacos/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OAuth2Login } from '../../core/auth/oauth2-login.js';
import { OAuth2LoginError } from '../../core/auth/oauth2-login.js';
import type { Session } from '../../core/auth/session-service.js';
import type { Clock } from '../../shared/clock.js';
import { consoleRedirectTarget } from './console-auth.js';
import { API } from './console-paths.js';
import { fail, ok } from './envelope.js';
import { setSessionCookies } from './login-routes.js';
import { PENDING_LOGIN_SECONDS, StateCookieSealer } from './oauth2-state-cookie.js';
import { namespaced, NO_NAMESPACES } from './console-namespaces.js';

/** These routes name no namespace. */
const NONE = namespaced(NO_NAMESPACES);

export const OAUTH2_AUTHORIZE_PATH = `${API}/v2/login/oauth2/authorize`;
export const OAUTH2_CALLBACK_PATH = `${API}/v2/login/oauth2/callback`;
const LOGIN_PAGE = '/rnacos/p/login';
/** Where a login without a wish ends: the config list. */
const DEFAULT_NEXT = '/rnacos/manage/configs';

const stateCookie = (req: FastifyRequest) =>
  `oauth2_state_${/:(\d+)$/.exec(req.headers.host ?? '')?.[1] ?? String(req.socket.localPort ?? '')}`;

/** A console page to go to after the login; anything else (another site, `/\t/host`) is the config list. */
function consoleTarget(value: unknown): string {
  return consoleRedirectTarget(value) ?? DEFAULT_NEXT;
}

const loginPageWith = (code: string) => `${LOGIN_PAGE}?oauth2_error=${encodeURIComponent(code)}`;

/**
 * OAuth2 / OpenID Connect login on the console port: the login page's settings, the start (a redirect to
 * the provider with the login bound to this browser by a signed HttpOnly cookie), the callback (the
 * provider's redirect back, answered with a session and a redirect into the console), and r-nacos's
 * `oauth2/login` call for a console whose redirect URI is the login page itself.
 */
export function registerOAuth2Routes(app: FastifyInstance, oauth2: OAuth2Login | undefined, clock: Clock): void {
  const config: LoginConfig = oauth2
    ? { oauth2Enable: true, oauth2Button: oauth2.settings.buttonText, oauth2AuthorizeUrl: OAUTH2_AUTHORIZE_PATH }
    : { oauth2Enable: false, oauth2Button: null, oauth2AuthorizeUrl: null };
  app.get(`${API}/v2/login/config`, NONE, async () => ok(config));
  if (!oauth2) {
    const notEnabled = async (_req: FastifyRequest, reply: FastifyReply) =>
      reply.code(404).send(fail('OAUTH2_NOT_ENABLED', 'OAuth2 login is not enabled'));
    for (const path of [OAUTH2_AUTHORIZE_PATH, OAUTH2_CALLBACK_PATH]) app.get(path, NONE, notEnabled);
    app.post(`${API}/v2/login/oauth2/login`, NONE, notEnabled);
    return;
  }
  const sealer = new StateCookieSealer(oauth2.settings.clientSecret);
  const cookiePath = { path: '/rnacos', httpOnly: true, sameSite: 'lax' } as const;
  const clearState = (req: FastifyRequest, reply: FastifyReply) =>
    reply.setCookie(stateCookie(req), '', { ...cookiePath, maxAge: 0 });

  app.get(OAUTH2_AUTHORIZE_PATH, NONE, async (req, reply) => {
    try {
      const { url, pending } = await oauth2.start();
      const next = consoleTarget((req.query as Record<string, unknown>).redirect_url);
      reply.setCookie(stateCookie(req), sealer.seal(pending, next, clock.now()), {
        ...cookiePath,
        maxAge: PENDING_LOGIN_SECONDS,
      });
      return reply.redirect(url);
    } catch (err) {
      return reply.redirect(loginPageWith(errorCodeOf(err)));
    }
  });

  /** The callback's query, the browser's started login and address, to a session (or an OAuth2LoginError). */
  const finish = async (req: FastifyRequest, reply: FastifyReply, query: URLSearchParams) => {
    const cookie = req.cookies[stateCookie(req)];
    const sealed = sealer.open(cookie, clock.now());
    // one callback per started login: a replayed or second callback finds no state; one with another state
    // (made up, or of an older start) leaves the login this browser started alone
    if (cookie !== undefined && (!sealed || sealed.pending.state === query.get('state'))) clearState(req, reply);
    const session = await oauth2.finish({ query, pending: sealed?.pending, source: req.ip });
    return { session, next: consoleTarget(sealed?.next) };
  };
  const answerSession = (req: FastifyRequest, reply: FastifyReply, session: Session) =>
    setSessionCookies(req, reply, session.token, oauth2Seconds(session));

  app.get(OAUTH2_CALLBACK_PATH, NONE, async (req, reply) => {
    try {
      const { session, next } = await finish(req, reply, callbackQuery(req.query));
      answerSession(req, reply, session);
      return reply.redirect(next);
    } catch (err) {
      req.log.info({ code: errorCodeOf(err) }, 'OAuth2 login refused');
      return reply.redirect(loginPageWith(errorCodeOf(err)));
    }
  });

  // r-nacos's console posts the code and state it found on its login page (the redirect URI there)
  app.post(`${API}/v2/login/oauth2/login`, NONE, async (req, reply) => {
    try {
      const { session } = await finish(req, reply, callbackQuery(req.body));
      answerSession(req, reply, session);
      const result: LoginResult = { token: session.token };
      return ok(result);
    } catch (err) {
      const code = errorCodeOf(err);
      if (code === 'SYSTEM_ERROR') throw err;
      return fail(code, (err as Error).message);
    }
  });
}

const oauth2Seconds = (session: Session) => Math.max(1, Math.round((session.expiresAt - session.createdAt) / 1000));

/** The provider's callback parameters, from a query or a JSON / form body; nothing else is passed on. */
function callbackQuery(input: unknown): URLSearchParams {
  const query = new URLSearchParams();
  const fields = input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  for (const name of ['code', 'state', 'iss', 'error', 'error_description', 'session_state']) {
    const value = fields[name];
    if (typeof value === 'string' && value) query.set(name, value);
  }
  return query;
}

function errorCodeOf(err: unknown) {
  return err instanceof OAuth2LoginError ? err.code : 'SYSTEM_ERROR';
}
