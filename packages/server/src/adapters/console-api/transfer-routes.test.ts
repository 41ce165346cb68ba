import { afterEach, describe, expect, it } from 'vitest';
import { API, buildConsoleApp, call, multipart, sessionFor, type ConsoleApp } from '../../../test/console-helpers.js';
import { SAMPLE_PASSWORD, sampleServerExport } from '../../../test/transfer-bytes.js';
import { decodeTransfer } from '../../core/transfer/transfer-codec.js';

const apps: ConsoleApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.dispose()));
});

async function consoleApp(env: Record<string, string> = {}) {
  const app = await buildConsoleApp(env);
  apps.push(app);
  return app;
}

function upload(
  app: ConsoleApp,
  file: Uint8Array,
  token: string,
  headers: Record<string, string> = {},
  path = 'transfer/import',
) {
  const body = multipart('file', 'rnacos_export.data', Buffer.from(file));
  return app.console.inject({
    method: 'POST',
    url: `${API}/${path}`,
    cookies: { token },
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

describe('console transfer export and import', () => {
  it('lets an admin download the whole store as rnacos_export_<ms>.data', async () => {
    const app = await consoleApp();
    await app.core.configs.publish({ namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'a.yaml', content: 'a: 1' });
    const res = await call(app.console, 'GET', 'transfer/export', { token: await sessionFor(app, 'admin') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rnacos_export_\d{13}\.data"$/);
    const { content, header } = await decodeTransfer([res.rawPayload]);
    expect(header.fromSys).toMatch(/^tsnacos_/);
    expect(content.configs.map((c) => c.dataId)).toEqual(['a.yaml']);
    expect(content.users.map((u) => u.username)).toEqual(['admin']);
  });

  it('imports an uploaded file and reports what it wrote per table', async () => {
    const app = await consoleApp();
    const res = await upload(app, sampleServerExport(), await sessionFor(app, 'admin'), {
      'import-config': '1',
      'import-user': '1',
      'import-cache': '0',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      code: null,
      message: null,
      data: {
        read: { T_CONFIG: 2, T_MCP_SERVER: 1, T_NAMESPACE: 1, T_USER: 2, T_NAMING_INSTANCE: 1, T_FOO: 1 },
        imported: { T_NAMESPACE: 1, T_CONFIG: 2, T_NAMING_INSTANCE: 1, T_USER: 2, T_MCP_SERVER: 1 },
        skipped: [],
        ignored: 1,
      },
    });
    expect(app.core.configs.get({ namespaceId: 'dev', group: 'DB', dataId: 'db.properties' })?.content).toBe('url=x');
    expect(await app.core.auth.users.authenticate('admin', SAMPLE_PASSWORD)).toBeDefined();
  });

  it('leaves configs or users out when their header is not "1"', async () => {
    const app = await consoleApp();
    const res = await upload(app, sampleServerExport(), await sessionFor(app, 'admin'), {
      'import-config': '0',
      'import-user': 'no',
    });
    expect(res.json().data.imported).toEqual({ T_NAMING_INSTANCE: 1, T_MCP_SERVER: 1 });
    expect(app.core.configs.count()).toBe(0);
    expect(app.core.auth.users.get('dev1')).toBeUndefined();
  });

  it('refuses a truncated or corrupt file with 400 naming the byte, changing nothing', async () => {
    const app = await consoleApp();
    const admin = await sessionFor(app, 'admin');
    const full = sampleServerExport();
    const truncated = await upload(app, full.subarray(0, full.length - 10), admin);
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    expect(truncated.json().message).toMatch(/^invalid transfer file at byte \d+: file is truncated/);
    const corrupt = new Uint8Array(full);
    corrupt[0] = 0x50;
    const foreign = await upload(app, corrupt, admin);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      'invalid transfer file at byte 0: not a transfer file (magic 0x5061636f, expected 0x6e61636f "naco")',
    );
    expect(app.core.configs.count()).toBe(0);
    expect(app.core.namespaces.list()).toHaveLength(1);
    expect(await app.core.auth.users.authenticate('admin', 'admin')).toBeDefined();
  });

  it('answers 400 without a file', async () => {
    const app = await consoleApp();
    const body = multipart('other', 'x.txt', Buffer.from('x'));
    const res = await app.console.inject({
      method: 'POST',
      url: `${API}/transfer/import`,
      cookies: { token: await sessionFor(app, 'admin') },
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('no file uploaded (multipart field "file")');
  });

  it('is for admins only; the v2 twins are in no role', async () => {
    const app = await consoleApp();
    await app.core.auth.users.add({ username: 'dev', password: 'dev-password', roles: ['1'] });
    const dev = await sessionFor(app, 'dev');
    const denied = await call(app.console, 'GET', 'transfer/export', { token: dev });
    expect(denied.json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await upload(app, sampleServerExport(), dev)).json()).toMatchObject({ code: 'NO_PERMISSION' });
    expect(app.core.configs.count()).toBe(0);
    expect((await call(app.console, 'GET', 'transfer/export')).json()).toMatchObject({ code: 'NO_LOGIN' });
    const v2 = await upload(app, sampleServerExport(), await sessionFor(app, 'admin'), {}, 'v2/transfer/import');
    expect(v2.json()).toMatchObject({ code: 'NO_PERMISSION' });
  });
});
