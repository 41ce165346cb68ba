import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, sessionFor, consoleAppWithAdmin, type ConsoleApp } from '../../../test/console-helpers.js';

describe('OpenAPI routes under the console prefix', () => {
  let app: ConsoleApp;
  let admin: string;
  beforeAll(async () => {
    ({ app, admin } = await consoleAppWithAdmin());
    await app.core.auth.users.add({ username: 'guest', password: 'pw-password', roles: ['2'] });
    await app.core.auth.users.add({
      username: 'devOnly',
      password: 'pw-password',
      roles: ['1'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['dev'] },
    });
  });
  afterAll(() => app.dispose());

  const send = (method: 'GET' | 'POST' | 'DELETE', path: string, token: string, fields: Record<string, string>) =>
    app.console.inject({
      method,
      url: `${API}${path}${method === 'GET' || method === 'DELETE' ? `?${new URLSearchParams(fields)}` : ''}`,
      cookies: { token },
      ...(method === 'POST'
        ? {
            payload: new URLSearchParams(fields).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : {}),
    });

  it('publishes, reads and deletes configs with nacos v1 answers', async () => {
    expect((await send('POST', '/cs/configs', admin, { dataId: 'd', group: 'G', content: 'hello' })).body).toBe('true');
    const got = await send('GET', '/cs/configs', admin, { dataId: 'd', group: 'G' });
    expect(got.body).toBe('hello');
    expect(got.headers['content-md5']).toMatch(/^[0-9a-f]{32}$/);
    const bad = await send('POST', '/cs/configs', admin, { dataId: 'a b', group: 'G', content: 'x' });
    expect(bad.statusCode).toBe(400);
    expect((await send('DELETE', '/cs/configs', admin, { dataId: 'd', group: 'G' })).body).toBe('true');
    expect((await send('GET', '/cs/configs', admin, { dataId: 'd', group: 'G' })).statusCode).toBe(404);
  });

  it('creates services and instances with nacos v1 answers', async () => {
    expect((await send('POST', '/ns/service', admin, { serviceName: 'legacy', protectThreshold: '0.2' })).body).toBe(
      'ok',
    );
    expect(
      (
        await send('POST', '/ns/instance', admin, {
          serviceName: 'legacy',
          ip: '10.1.1.1',
          port: '80',
          ephemeral: 'false',
        })
      ).body,
    ).toBe('ok');
    const instance = await send('GET', '/ns/instance', admin, { serviceName: 'legacy', ip: '10.1.1.1', port: '80' });
    expect(instance.json()).toMatchObject({ ip: '10.1.1.1', port: 80 });
    expect((await send('GET', '/ns/service', admin, { serviceName: 'legacy' })).json()).toMatchObject({
      name: 'legacy',
      protectThreshold: 0.2,
    });
  });

  it('keeps guests to reading and users to their namespaces', async () => {
    const guest = await sessionFor(app, 'guest');
    expect((await send('GET', '/cs/configs', guest, { dataId: 'x', group: 'G' })).statusCode).toBe(404);
    const write = await send('POST', '/cs/configs', guest, { dataId: 'x', group: 'G', content: 'x' });
    expect(write.json().code).toBe('NO_PERMISSION');
    const dev = await sessionFor(app, 'devOnly');
    expect(
      (await send('POST', '/cs/configs', dev, { dataId: 'x', group: 'G', content: 'x', tenant: 'dev' })).body,
    ).toBe('true');
    expect((await send('POST', '/cs/configs', dev, { dataId: 'x', group: 'G', content: 'x' })).statusCode).toBe(401);
    expect((await send('POST', '/ns/instance', dev, { serviceName: 's', ip: '10.1.1.2', port: '80' })).statusCode).toBe(
      401,
    );
  });

  it('does not open the OpenAPI paths themselves on the console port', async () => {
    const res = await app.console.inject({
      method: 'GET',
      url: '/nacos/v1/cs/configs?dataId=x&group=G',
      cookies: { token: admin },
    });
    expect(res.json().code).toBe('NO_PERMISSION');
    const beat = await app.console.inject({
      method: 'PUT',
      url: `${API}/ns/instance/beat?serviceName=s&ip=1.1.1.1&port=1`,
      cookies: { token: admin },
    });
    // no console route serves it
    expect(beat.statusCode).toBe(404);
    expect(beat.json().code).toBe('NOT_FOUND');
  });
});
