import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTransfer } from '../../core/transfer/transfer-codec.js';
import { listeningTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * The no-login console (RNACOS_ENABLE_NO_AUTH_CONSOLE) acts as a developer that may also move transfer files.
 * Nobody without a session may see or manage users or change a password, whatever the menu shows: checked
 * over real HTTP on the SDK port, as an attacker would call it.
 */
let app: TestApp;
let base: string;
beforeAll(async () => {
  ({ app, base } = await listeningTestApp({ RNACOS_ENABLE_NO_AUTH_CONSOLE: 'true' }));
});
afterAll(() => app.dispose());

const API = '/rnacos/api/console';

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${base}${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const NEW_ADMIN = { username: 'intruder', password: 'secret1-password', nickname: 'x', roles: '0', enable: true };

describe('old console mode without a session', () => {
  it('gives no database backup (it holds every password hash)', async () => {
    const res = await fetch(`${base}${API}/backup/download`);
    expect(res.ok).toBe(false);
    expect(res.headers.get('content-disposition')).toBeNull();
  });

  it.each(['/v2/user/add', '/user/add', '/v2/user/update', '/user/update'])(
    'refuses %s with NO_PERMISSION and creates nobody',
    async (path) => {
      const res = await post(path, NEW_ADMIN);
      expect(res.status).toBe(200);
      expect(res.headers.get('no-permission')).toBe('1');
      expect(await res.json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
      expect(app.core.auth.users.get('intruder')).toBeUndefined();
    },
  );

  it('refuses listing and removing users', async () => {
    const list = await fetch(`${base}${API}/v2/user/list?pageNo=1&pageSize=10`);
    expect(await list.json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const remove = await post('/v2/user/remove', { username: 'admin' });
    expect(await remove.json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect(app.core.auth.users.get('admin')).toBeDefined();
  });

  it('changes no password: there is no own account to change', async () => {
    const res = await post('/v2/user/reset_password', { oldPassword: 'admin', newPassword: 'changed1' });
    expect(await res.json()).toMatchObject({ success: false, code: 'NOT_FOUND_USER_SESSION' });
  });

  it('moves transfer files without users: none exported, none imported', async () => {
    await app.core.auth.users.add({ username: 'carried', password: 'pw-carried', roles: ['0'] });
    await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'moved', content: 'v' });
    const full = Buffer.concat(await app.core.transfer.exportFile());

    const exported = await fetch(`${base}${API}/transfer/export`);
    expect(exported.status).toBe(200);
    const decoded = await decodeTransfer(Readable.from(Buffer.from(await exported.arrayBuffer())));
    expect(decoded.content.users).toEqual([]);
    expect(decoded.content.configs.map((c) => c.dataId)).toContain('moved');

    await app.core.auth.users.remove('carried');
    const body = new FormData();
    body.append('file', new Blob([full]), 'export.data');
    const imported = await fetch(`${base}${API}/transfer/import`, { method: 'POST', body });
    expect(await imported.json()).toMatchObject({ success: true });
    expect(app.core.auth.users.get('carried')).toBeUndefined();
  });

  it('sends the user page to the no-permission page', async () => {
    const res = await fetch(`${base}/rnacos/manage/user`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/rnacos/nopermission?path=/rnacos/manage/user');
  });

  it('answers a console page no route names with the console, which shows its 404 page', async () => {
    const res = await fetch(`${base}/rnacos/no-such-page/deeper`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    // files and the SDK's own paths keep their plain 404
    expect((await fetch(`${base}/rnacos/no-such-file.js`)).status).toBe(404);
    expect((await fetch(`${base}/nacos/v1/no/such/thing`)).headers.get('content-type')).toContain('text/plain');
  });

  it('logs nobody in and makes no session: a session made here would open the console port', async () => {
    const password = Buffer.from('admin').toString('base64');
    for (const path of ['/v2/login/login', '/login/login']) {
      const res = await fetch(`${base}${API}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'admin', password, captcha: '' }).toString(),
      });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('set-cookie'), path).toBeNull();
      expect(await res.json(), path).toMatchObject({ success: false, code: 'NOT_FOUND', data: null });
    }
    for (const path of ['/v2/login/captcha', '/login/captcha']) {
      const res = await fetch(`${base}${API}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('captcha-token'), path).toBeNull();
    }
  });

  it('still serves what a developer may do', async () => {
    const res = await post('/v2/config/update', { dataId: 'd', group: 'G', content: 'x' });
    expect(await res.json()).toMatchObject({ success: true, data: true });
    const namespaces = await fetch(`${base}${API}/v2/namespaces/list`);
    expect(await namespaces.json()).toMatchObject({ success: true });
  });
});
