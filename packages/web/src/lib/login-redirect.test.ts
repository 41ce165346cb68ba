import { describe, expect, it } from 'vitest';
import { loginRouteFor, safeRedirectTarget } from './login-redirect.js';

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
