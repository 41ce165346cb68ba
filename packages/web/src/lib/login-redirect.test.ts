import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  beginLogout,
  loginRouteFor,
  redirectToLogin,
  safeRedirectTarget,
  setLoginNavigator,
} from './login-redirect.js';

describe('login redirect', () => {
  it('carries the original path and query, encoded', () => {
    expect(loginRouteFor('/rnacos/manage/configs?a=1&b=2')).toBe(
      '/p/login?redirect_url=%2Frnacos%2Fmanage%2Fconfigs%3Fa%3D1%26b%3D2',
    );
  });

  it('follows only same-origin paths after login', () => {
    expect(safeRedirectTarget(null)).toBe('/');
    expect(safeRedirectTarget('/rnacos/manage/user')).toBe('/rnacos/manage/user');
    expect(safeRedirectTarget('https://evil.example/')).toBe('/');
    expect(safeRedirectTarget('//evil.example/')).toBe('/');
    expect(safeRedirectTarget('/\\evil.example/')).toBe('/');
  });
});

describe('login redirect while logging out', () => {
  afterEach(() => setLoginNavigator(null));

  it('does not navigate while a logout is under way, and does again after it', () => {
    const navigate = vi.fn();
    setLoginNavigator(navigate);
    const done = beginLogout();
    redirectToLogin();
    expect(navigate).not.toHaveBeenCalled();
    done();
    redirectToLogin();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0][0]).toMatch(/^\/p\/login\?redirect_url=/);
  });
});
