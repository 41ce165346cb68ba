import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  consoleApiRules,
  isPublicPath,
  oldConsoleAllows,
  pathAllowed,
} from '../src/adapters/console-api/console-paths.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { USERS } from './privilege-matrix-cells.js';

/**
 * The router decodes percent-encoding before it matches a route: a path spelled otherwise must reach no
 * route that its plain spelling does not open. Every console API path, for every user it is closed to, in
 * several spellings, on the console port and in the no-login console of the SDK port.
 */

/** `path` with its `i`-th letter percent-encoded (lower or upper hex digits). */
const encodeAt = (path: string, i: number, upper = false) => {
  const hex = path.charCodeAt(i).toString(16);
  return `${path.slice(0, i)}%${upper ? hex.toUpperCase() : hex}${path.slice(i + 1)}`;
};

function spellings(path: string): string[] {
  const last = path.length - 1;
  const inApi = '/rnacos/'.length; // the "a" of "api"
  const lastSegment = path.lastIndexOf('/') + 1;
  return [
    encodeAt(path, last),
    encodeAt(path, inApi),
    encodeAt(path, lastSegment, true),
    encodeAt(encodeAt(path, last), inApi),
    `${path.slice(0, lastSegment)}${[...path.slice(lastSegment)].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`,
  ];
}

/** What a refusal looks like: a refused envelope, the no-login one, a page's way to the login, or no route. */
const refused = (res: { statusCode: number; headers: Record<string, unknown> }) =>
  res.headers['no-permission'] === '1' ||
  res.headers['no-login'] === '1' ||
  res.statusCode === 404 ||
  (res.statusCode === 302 && String(res.headers.location).startsWith('/rnacos/p/login?'));

describe('console paths in other spellings', () => {
  let app: TestApp;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    app = await buildTestApp({ env: { RNACOS_ENABLE_NO_AUTH_CONSOLE: 'true' } });
    for (const user of USERS) {
      if (user.name !== 'admin') {
        await app.core.auth.users.add({
          username: user.name,
          password: `${user.name}-password`,
          roles: user.roles,
          namespacePrivilege: user.privilege,
        });
      }
      tokens.set(user.name, (await app.core.auth.sessions.create('console', user.name, 3600)).token);
    }
  });
  afterAll(() => app.dispose());

  const methodOf = (method: string) => (method === 'GET' ? 'GET' : 'POST');

  it('reach nothing a user may not reach in the plain spelling', async () => {
    const users = app.core.auth.users.count();
    const reached: string[] = [];
    for (const { method, path } of consoleApiRules()) {
      for (const user of USERS) {
        if (pathAllowed(user.roles, methodOf(method), path)) continue;
        for (const url of spellings(path)) {
          const res = await app.consoleHttp!.inject({
            method: methodOf(method),
            url,
            cookies: { token: tokens.get(user.name)! },
            payload:
              method === 'GET'
                ? undefined
                : { username: `spelled${reached.length}`, password: 'password1', roles: '0' },
          });
          if (!refused(res))
            reached.push(`${user.name} ${methodOf(method)} ${url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
      if (isPublicPath(methodOf(method), path)) continue;
      for (const url of spellings(path)) {
        const res = await app.consoleHttp!.inject({ method: methodOf(method), url });
        if (!refused(res)) reached.push(`no session ${methodOf(method)} ${url}: ${res.statusCode}`);
      }
    }
    expect(reached).toEqual([]);
    expect(app.core.auth.users.count()).toBe(users);
  });

  it('reach nothing the no-login console may not reach in the plain spelling', async () => {
    const reached: string[] = [];
    for (const { method, path } of consoleApiRules()) {
      if (oldConsoleAllows(methodOf(method), path)) continue;
      for (const url of spellings(path)) {
        const res = await app.sdkHttp.inject({
          method: methodOf(method),
          url,
          payload: method === 'GET' ? undefined : { username: 'spelled', password: 'password1', roles: '0' },
        });
        if (!refused(res)) reached.push(`${methodOf(method)} ${url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(reached).toEqual([]);
    expect(app.core.auth.users.get('spelled')).toBeUndefined();
  });

  it('reach what the plain spelling reaches', async () => {
    const res = await app.consoleHttp!.inject({
      method: 'GET',
      url: `${API}/v2/user/%6Cist`,
      cookies: { token: tokens.get('admin')! },
    });
    expect(res.json()).toMatchObject({ success: true });
  });
});
