import { consoleRedirectPath } from '@tsnacos/protocol';
import { ROUTER_BASE } from './constants.js';

const LOGIN_PATH = '/p/login';

type Navigate = (to: string) => void;
let routerNavigate: Navigate | null = null;
let loggingOut = false;

/**
 * A logout goes to the login page by itself, once; calls that meet the ended session meanwhile must not
 * navigate there first. Returns the function that ends this state.
 */
export function beginLogout(): () => void {
  loggingOut = true;
  return () => {
    loggingOut = false;
  };
}

/** The router registers its navigate so a redirect keeps the single-page app alive. */
export function setLoginNavigator(navigate: Navigate | null): void {
  routerNavigate = navigate;
}

/**
 * Where to go after a login: a console page of this origin, judged on the URL the browser would make of the
 * value and returned as parsed (`consoleRedirectPath`); anything else goes home ("/").
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  return consoleRedirectPath(value, window.location.origin) ?? '/';
}

/** The login route with redirect_url carrying where the user was (path and query, as the browser shows it). */
export function loginRouteFor(pathAndQuery: string): string {
  return `${LOGIN_PATH}?redirect_url=${encodeURIComponent(pathAndQuery)}`;
}

/** Sends the user to the login page unless already there. */
export function redirectToLogin(): void {
  const { pathname, search } = window.location;
  if (loggingOut || pathname === ROUTER_BASE + LOGIN_PATH) return;
  const to = loginRouteFor(pathname + search);
  if (routerNavigate) routerNavigate(to);
  else window.location.assign(ROUTER_BASE + to);
}
