/** The console's base path: a login only ever leads to a page under it. */
export const CONSOLE_BASE_PATH = '/rnacos/';

const LOGIN_PAGE = /^\/rnacos\/p\/login\b/i;

/**
 * Where a login may send the browser next (`redirect_url`), judged on the URL the browser would make of it:
 * `new URL(value, origin)` drops tabs and line breaks and reads `\` as `/`, as the browser does, so `/\t/host`
 * and `/\host` come out as the other host they are. Kept only: a target on `origin`, without user info, under
 * the console's base path, without empty segments, other than the login page itself; it is returned as the
 * parser wrote it (path, query, fragment; `..` resolved, unsafe characters escaped), never as the raw value.
 * Anything else is null. The web console and the server's OAuth2 and login redirects judge by it alike.
 */
export function consoleRedirectPath(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || value === '') return null;
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(value, base.origin);
  } catch {
    return null;
  }
  // an opaque origin ("null") would equal any other opaque one
  if (base.protocol !== 'http:' && base.protocol !== 'https:') return null;
  if (target.origin !== base.origin || target.username !== '' || target.password !== '') return null;
  const path = target.pathname;
  // no console page has an empty segment; cut from the base, `/rnacos//host` would be `//host`
  if (!path.startsWith(CONSOLE_BASE_PATH) || path.includes('//') || LOGIN_PAGE.test(path)) return null;
  return path + target.search + target.hash;
}
