import { consoleRedirectPath } from '@tsnacos/protocol';
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

  it('follows only console pages of this origin after login', () => {
    expect(safeRedirectTarget(null)).toBe('/');
    expect(safeRedirectTarget('/rnacos/manage/user')).toBe('/rnacos/manage/user');
    expect(safeRedirectTarget(`${window.location.origin}/rnacos/manage/user?a=1`)).toBe('/rnacos/manage/user?a=1');
    expect(safeRedirectTarget('https://evil.example/')).toBe('/');
    expect(safeRedirectTarget('//evil.example/')).toBe('/');
    expect(safeRedirectTarget('/\\evil.example/')).toBe('/');
  });

  // as the login page reads them from redirect_url (decoded once)
  it.each([
    '/\t/evil.example/phish',
    '/\r/evil.example/phish',
    '/\n/evil.example/phish',
    '/\r\n/evil.example/phish',
    '\t//evil.example/phish',
    '/\\evil.example/phish',
    '\\\\evil.example/phish',
    '/\\/evil.example/phish',
    '//evil.example/phish',
    '///evil.example/phish',
    '/%09/evil.example/phish',
    '%2F%2Fevil.example/phish',
    '/%2F%2Fevil.example/phish',
    'javascript:alert(document.domain)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://evil.example/phish',
    'HTTPS://evil.example/phish',
    'hTtP://evil.example/rnacos/manage/configs',
    'http:evil.example/phish',
    'https:/evil.example/phish',
    '/@evil.example/phish',
    '//@evil.example/phish',
    'http://localhost@evil.example/rnacos/',
    `http://x@evil.example${'/rnacos/manage/user'}`,
    `http://user:pass@${window.location.host}/rnacos/manage/configs`,
    `${window.location.protocol}//${window.location.hostname}:1/rnacos/manage/configs`,
    '/rnacos/../\\evil.example/phish',
    '/rnacos/..//evil.example/phish',
    '/rnacos/%2e%2e//evil.example/phish',
    '/rnacos/\t..\t//evil.example',
    '/rnacos//evil.example/phish',
    '/rnacos/\\/evil.example',
    '/rnacos',
    '/nacos/v1/console/namespaces',
    '/rnacos/p/login?redirect_url=//evil.example',
    '/RNACOS/P/LOGIN',
    'manage/configs',
    '',
  ])('never leaves the console for %j', (value) => {
    expect(safeRedirectTarget(value)).toBe('/');
  });

  it('goes where the browser would go, not to the raw value', () => {
    expect(safeRedirectTarget('/rnacos/manage/\tnamespace\n?from=a b')).toBe('/rnacos/manage/namespace?from=a%20b');
    expect(safeRedirectTarget('/rnacos/manage/x/../user')).toBe('/rnacos/manage/user');
    expect(safeRedirectTarget('/rnacos\\manage\\user')).toBe('/rnacos/manage/user');
    expect(safeRedirectTarget('/rnacos/manage/configs?a=1&b=2#top')).toBe('/rnacos/manage/configs?a=1&b=2#top');
    expect(safeRedirectTarget('/rnacos/manage/configs?q=<b> "x"')).toBe('/rnacos/manage/configs?q=%3Cb%3E%20%22x%22');
  });

  it('judges nothing without a web origin to compare with', () => {
    expect(consoleRedirectPath('/rnacos/manage/configs', 'null')).toBeNull();
    expect(consoleRedirectPath('/rnacos/manage/configs', 'file:///tmp/x')).toBeNull();
    expect(consoleRedirectPath(['/rnacos/manage/configs'], 'http://127.0.0.1:10848')).toBeNull();
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
