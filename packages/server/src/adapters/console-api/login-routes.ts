import type { LoginParam, LoginResult } from '@tsnacos/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LoginError, type AuthService } from '../../core/auth/auth-service.js';
import { consoleToken, portTokenCookie, TOKEN_COOKIE } from './console-auth.js';
import { API } from './console-paths.js';
import { inputOf, text } from './console-input.js';
import { fail, ok } from './envelope.js';
import { namespaced, NO_NAMESPACES } from './console-namespaces.js';

/** These routes name no namespace. */
const NONE = namespaced(NO_NAMESPACES);

const CAPTCHA_COOKIE = 'captcha_token';

/** The routes that issue captchas, log in and out: they make and end console sessions. */
const SESSION_PATHS = [
  ...['/login/captcha', '/login/login', '/login/logout'].flatMap((p) => [`${API}${p}`, `${API}/v2${p}`]),
  ...['/oauth2/login', '/oauth2/authorize', '/oauth2/callback'].map((p) => `${API}/v2/login${p}`),
];

const NO_LOGIN_HERE =
  'this console needs no login and makes no sessions; sign in on the console port (RNACOS_HTTP_CONSOLE_PORT)';

/**
 * The no-login console on the SDK port answers the session routes with a refusal: a session made here would
 * open the console port, which requires a login.
 */
export function refuseConsoleSessions(app: FastifyInstance): void {
  for (const path of SESSION_PATHS)
    app.all(path, NONE, async (_req, reply) => reply.code(404).send(fail('NOT_FOUND', NO_LOGIN_HERE)));
}

/**
 * Whether the browser reached the console over HTTPS: directly, or through a TLS-terminating proxy that says
 * so in `X-Forwarded-Proto`. Its cookies are then `Secure`; a forged header only keeps the sender's own
 * cookies off plain HTTP.
 */
function overHttps(req: FastifyRequest): boolean {
  const forwarded = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  return req.protocol === 'https' || first === 'https';
}

/**
 * The session cookies of a console login: `token` for clients that read it by that name, and this port's
 * own cookie, which keeps the browser's session when another server on the same host overwrites `token`.
 */
export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, token: string, seconds: number): void {
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax', secure: overHttps(req), maxAge: seconds } as const;
  reply.setCookie(TOKEN_COOKIE, token, cookie);
  reply.setCookie(portTokenCookie(req), token, cookie);
}

const clearCaptcha = (reply: FastifyReply) => reply.setCookie(CAPTCHA_COOKIE, '', { path: '/', httpOnly: true });

/** Captcha, login and logout (v1 and v2 paths share the handlers). */
export function registerLoginRoutes(app: FastifyInstance, auth: AuthService): void {
  const captcha = async (req: FastifyRequest, reply: FastifyReply) => {
    const issued = await auth.captcha.issue();
    reply.header('Captcha-Token', issued.token);
    reply.setCookie(CAPTCHA_COOKIE, issued.cookie, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: overHttps(req),
    });
    return ok(issued.png ? issued.png.toString('base64') : null);
  };
  app.get(`${API}/login/captcha`, NONE, captcha);
  app.get(`${API}/v2/login/captcha`, NONE, captcha);

  for (const path of [`${API}/login/login`, `${API}/v2/login/login`]) {
    app.post(path, NONE, async (req, reply) => {
      const input = inputOf<LoginParam>(req);
      try {
        const session = await auth.consoleLogin({
          username: text(input, 'username')?.trim() ?? '',
          password: text(input, 'password') ?? '',
          captcha: text(input, 'captcha') ?? '',
          captchaToken: req.cookies[CAPTCHA_COOKIE] || undefined,
        });
        setSessionCookies(req, reply, session.token, auth.timeouts.consoleLoginSeconds);
        clearCaptcha(reply);
        const result: LoginResult = { token: session.token };
        return ok(result);
      } catch (err) {
        // A captcha is good for one try: the console fetches a new one after any failure.
        if (err instanceof LoginError) clearCaptcha(reply);
        throw err;
      }
    });
  }

  for (const path of [`${API}/login/logout`, `${API}/v2/login/logout`]) {
    app.post(path, NONE, async (req, reply) => {
      const token = consoleToken(req);
      if (token) await auth.logout(token);
      reply.setCookie(portTokenCookie(req), '', { path: '/', httpOnly: true, maxAge: 0 });
      // `token` may hold another server's session (same host, other port): it is cleared only when it is ours.
      if (req.cookies[TOKEN_COOKIE] === token)
        reply.setCookie(TOKEN_COOKIE, '', { path: '/', httpOnly: true, maxAge: 0 });
      return ok(true);
    });
  }
}
