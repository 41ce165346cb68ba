import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsoleApp, sessionFor, type ConsoleApp } from '../../../test/console-helpers.js';
import { createConfigInfoFastPath } from './config-info-fast-path.js';

const INFO = '/rnacos/api/console/v2/config/info';

/** The config editor's read over a real socket on the console port must answer as the fastify route does. */
describe('console config info fast path', () => {
  let app: ConsoleApp;
  let base: string;
  let admin: string;
  let devOnly: string;
  let guest: string;
  beforeAll(async () => {
    app = await buildConsoleApp();
    base = (await app.listen()).console!;
    const { users } = app.core.auth;
    await users.add({
      username: 'devOnly',
      password: 'pw-password',
      roles: ['1'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['dev'] },
    });
    await users.add({ username: 'guest', password: 'pw-password', roles: ['2'] });
    [admin, devOnly, guest] = await Promise.all(['admin', 'devOnly', 'guest'].map((u) => sessionFor(app, u)));
    await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'a.yaml', content: 'a: 名', type: 'yaml' });
    await app.core.configs.publish({
      namespaceId: 'dev',
      group: 'G',
      dataId: 'sealed',
      content: 'Y2lwaGVy',
      desc: 'secret',
      encryptedDataKey: 'k3y',
    });
  });
  afterAll(() => app.dispose());

  /** One read over the socket and the same through fastify's routes: status, content type, No-* headers, body. */
  async function bothWays(query: string, headers: Record<string, string>) {
    const url = `${INFO}?${query}`;
    const socket = await fetch(`${base}${url}`, { headers });
    const routes = await app.console.inject({ method: 'GET', url, headers });
    const pick = (get: (name: string) => string | undefined) =>
      Object.fromEntries(
        ['content-type', 'content-length', 'transfer-encoding', 'no-login', 'no-permission'].map((h) => [
          h,
          get(h) ?? null,
        ]),
      );
    return {
      socket: {
        status: socket.status,
        headers: pick((h) => socket.headers.get(h) ?? undefined),
        body: await socket.text(),
      },
      routes: { status: routes.statusCode, headers: pick((h) => routes.headers[h]?.toString()), body: routes.body },
    };
  }

  it('answers a config, an encrypted one and a changed one exactly as the route does', async () => {
    const found = await bothWays('dataId=a.yaml&group=G&tenant=', { cookie: `token=${admin}` });
    expect(found.socket).toEqual(found.routes);
    expect(JSON.parse(found.socket.body)).toMatchObject({
      success: true,
      data: { value: 'a: 名', configType: 'yaml' },
    });

    const sealed = await bothWays('dataId=sealed&group=G&tenant=dev', { cookie: `token=${devOnly}` });
    expect(sealed.socket).toEqual(sealed.routes);
    expect(JSON.parse(sealed.socket.body).data).toMatchObject({ encryptedDataKey: 'k3y', desc: 'secret' });

    await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'a.yaml', content: 'a: 2' });
    const changed = await bothWays('dataId=a.yaml&group=G&tenant=public', { token: admin });
    expect(changed.socket).toEqual(changed.routes);
    expect(JSON.parse(changed.socket.body).data.value).toBe('a: 2');
  });

  it('refuses as before: no session, an ended one, another namespace, a missing config, a bad key', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['dataId=a.yaml&group=G&tenant=', {}, 'NO_LOGIN'],
      ['dataId=a.yaml&group=G&tenant=', { cookie: 'token=0123' }, 'NO_LOGIN'],
      ['dataId=a.yaml&group=G&tenant=', { cookie: `token=${devOnly}` }, 'NO_NAMESPACE_PERMISSION'],
      ['dataId=a.yaml&group=G&tenant=%20dev', { cookie: `token=${guest}` }, 'NOT_FOUND'],
      ['dataId=nope&group=G&tenant=', { cookie: `token=${admin}` }, 'NOT_FOUND'],
      ['dataId=&group=G&tenant=', { cookie: `token=${admin}` }, 'PARAM_ERROR'],
      ['dataId=a.yaml&dataId=b&group=G&tenant=', { cookie: `token=${admin}` }, 'PARAM_ERROR'],
    ];
    for (const [query, headers, code] of cases) {
      const { socket, routes } = await bothWays(query, headers);
      expect(socket).toEqual(routes);
      expect(JSON.parse(socket.body)).toMatchObject({ success: false, code });
    }
    const ended = await sessionFor(app, 'guest');
    await app.core.auth.logout(ended);
    const { socket } = await bothWays('dataId=a.yaml&group=G&tenant=', { cookie: `token=${ended}` });
    expect(socket).toMatchObject({ headers: { 'no-login': '1' } });
  });

  it('takes only the plain read of a live session and leaves the rest to the routes', () => {
    const fastPath = createConfigInfoFastPath({ configs: app.core.configs, auth: app.core.auth });
    let sent = '';
    const res = { writeHead: () => res, end: (body: string) => (sent = body) } as unknown as ServerResponse;
    const request = (url: string, method = 'GET', headers: Record<string, string> = { cookie: `token=${admin}` }) =>
      ({ url, method, headers, socket: {} }) as unknown as IncomingMessage;
    expect(fastPath(request(`${INFO}?dataId=a.yaml&group=G&tenant=`), res)).toBe(true);
    expect(JSON.parse(sent).data.value).toBe('a: 2');
    // a body (the route merges it over the query), another method, other spellings of the path, no session
    const body = { cookie: `token=${admin}`, 'content-length': '2' };
    expect(fastPath(request(`${INFO}?dataId=a.yaml&group=G`, 'GET', body), res)).toBe(false);
    expect(fastPath(request(`${INFO}?dataId=a.yaml&group=G`, 'HEAD'), res)).toBe(false);
    expect(fastPath(request(`${INFO}/?dataId=a.yaml&group=G`), res)).toBe(false);
    expect(fastPath(request(`/rnacos/api/console/v2/config/%69nfo?dataId=a.yaml&group=G`), res)).toBe(false);
    expect(fastPath(request(`${INFO}?dataId=a.yaml&group=G`, 'GET', {}), res)).toBe(false);
  });
});
