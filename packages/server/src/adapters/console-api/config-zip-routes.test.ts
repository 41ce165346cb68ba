import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  call,
  multipart,
  sessionFor,
  consoleAppWithAdmin,
  type ConsoleApp,
} from '../../../test/console-helpers.js';

const zipOf = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)]))));

/** File entries only; directory entries (`group/`) are checked separately. */
function entries(body: Buffer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(body))
      .filter(([k]) => !k.endsWith('/'))
      .map(([k, v]) => [k, Buffer.from(v).toString('utf8')]),
  );
}

describe('console config zip export, import and clone', () => {
  let app: ConsoleApp;
  let admin: string;
  beforeAll(async () => {
    ({ app, admin } = await consoleAppWithAdmin());
    for (const [group, dataId, content] of [
      ['G1', 'a.yaml', 'a: 1'],
      ['G1', 'b.json', '{"b":2}'],
      ['G2', 'c', 'c'],
    ]) {
      await app.core.configs.publish({ namespaceId: '', group, dataId, content });
    }
  });
  afterAll(() => app.dispose());

  const upload = (zip: Buffer, options: { tenant?: string; policy?: string; token?: string } = {}) => {
    const body = multipart('file', 'configs.zip', zip);
    return app.console.inject({
      method: 'POST',
      url: `${API}/config/import${options.policy ? `?policy=${options.policy}` : ''}`,
      cookies: { token: options.token ?? admin },
      payload: body.payload,
      headers: { ...body.headers, ...(options.tenant !== undefined ? { tenant: options.tenant } : {}) },
    });
  };

  it('exports a namespace (filtered) as group/dataId entries', async () => {
    const res = await call(app.console, 'GET', 'config/download', {
      token: admin,
      query: { tenant: '', groupParam: 'G1', dataParam: '', pageNo: '1', pageSize: '20' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rnacos_config_export_\d+\.zip"$/);
    expect(entries(res.rawPayload)).toEqual({ 'G1/a.yaml': 'a: 1', 'G1/b.json': '{"b":2}' });
    expect(Object.keys(unzipSync(res.rawPayload))).toContain('G1/');
    const empty = await call(app.console, 'GET', 'v2/config/download', {
      token: admin,
      query: { tenant: 'nothing-here' },
    });
    expect(entries(empty.rawPayload)).toEqual({ '.ignore': 'empty config' });
  });

  it('exports chosen keys', async () => {
    const res = await call(app.console, 'POST', 'config/download', {
      token: admin,
      json: [
        { tenant: '', group: 'G2', dataId: 'c' },
        { tenant: 'public', group: 'G1', dataId: 'a.yaml' },
        { group: 'X', dataId: 'missing' },
      ],
    });
    expect(entries(res.rawPayload)).toEqual({ 'G2/c': 'c', 'G1/a.yaml': 'a: 1' });
    const none = await call(app.console, 'POST', 'config/download', { token: admin, json: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ success: false, message: 'keys cannot be empty' });
  });

  it('imports a zip into the namespace of the tenant header, with type from the extension', async () => {
    const res = await upload(
      zipOf({ 'G9/x.json': '{"x":1}', 'G9/y': 'y', '.metadata.yml': 'meta', 'a/b/c': 'nested' }),
      { tenant: 'dev' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      succCount: 2,
      skipCount: 0,
      conflicts: [],
      ignored: expect.arrayContaining(['.metadata.yml', 'a/b/c']),
    });
    expect(app.core.configs.get({ namespaceId: 'dev', group: 'G9', dataId: 'x.json' })).toMatchObject({
      content: '{"x":1}',
      type: 'json',
      srcUser: 'admin',
    });
  });

  it('applies the conflict policy', async () => {
    const zip = zipOf({ 'G1/a.yaml': 'a: 99', 'G1/new.txt': 'n' });
    const aborted = await upload(zip, { policy: 'ABORT' });
    expect(aborted.statusCode).toBe(409);
    expect(aborted.json()).toMatchObject({
      success: false,
      code: 'CONFIG_CONFLICT',
      data: { succCount: 0, conflicts: [{ tenant: '', group: 'G1', dataId: 'a.yaml' }] },
    });
    expect(app.core.configs.get({ namespaceId: '', group: 'G1', dataId: 'new.txt' })).toBeUndefined();

    const skipped = await upload(zip, { policy: 'skip' });
    expect(skipped.json().data).toMatchObject({ succCount: 1, skipCount: 1 });
    expect(app.core.configs.get({ namespaceId: '', group: 'G1', dataId: 'a.yaml' })!.content).toBe('a: 1');

    const overwritten = await upload(zip);
    expect(overwritten.json().data).toMatchObject({ succCount: 2, skipCount: 0 });
    expect(app.core.configs.get({ namespaceId: '', group: 'G1', dataId: 'a.yaml' })!.content).toBe('a: 99');

    const badPolicy = await upload(zip, { policy: 'MERGE' });
    expect(badPolicy.statusCode).toBe(400);
    expect(badPolicy.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
  });

  it('refuses a non-zip upload, a missing file and a non-multipart body with an error status', async () => {
    const notZip = await upload(Buffer.from('this is not a zip'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: expect.stringContaining('not a valid zip'),
    });
    const json = await call(app.console, 'POST', 'config/import', { token: admin, json: { file: 'x' } });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.json().success).toBe(false);
    const noFile = await app.console.inject({
      method: 'POST',
      url: `${API}/config/import`,
      cookies: { token: admin },
      ...multipartFieldOnly(),
    });
    expect(noFile.statusCode).toBe(400);
  });

  it('clones chosen configs into another namespace', async () => {
    const res = await call(app.console, 'POST', 'v2/config/clone', {
      token: admin,
      json: {
        targetTenant: 'copy',
        policy: 'ABORT',
        keys: [
          { tenant: '', group: 'G2', dataId: 'c' },
          { tenant: '', group: 'G2', dataId: 'ghost' },
        ],
      },
    });
    expect(res.json().data).toEqual({ succCount: 1, skipCount: 0, conflicts: [], ignored: ['G2/ghost'] });
    expect(app.core.configs.get({ namespaceId: 'copy', group: 'G2', dataId: 'c' })!.content).toBe('c');
    const again = await call(app.console, 'POST', 'v2/config/clone', {
      token: admin,
      json: { targetTenant: 'copy', policy: 'ABORT', keys: [{ group: 'G2', dataId: 'c' }] },
    });
    expect(again.json()).toMatchObject({ success: false, code: 'CONFIG_CONFLICT' });
  });

  it('clones an encrypted config with its encryptedDataKey', async () => {
    const cipher = { namespaceId: '', group: 'G3', dataId: 'cipher-aes-x' };
    await app.core.configs.publish({ ...cipher, content: 'Y2lwaGVy', encryptedDataKey: 'a2V5' });
    const res = await call(app.console, 'POST', 'v2/config/clone', {
      token: admin,
      json: { targetTenant: 'copy', keys: [{ group: 'G3', dataId: 'cipher-aes-x' }] },
    });
    expect(res.json().data).toMatchObject({ succCount: 1 });
    expect(app.core.configs.get({ ...cipher, namespaceId: 'copy' })).toMatchObject({
      content: 'Y2lwaGVy',
      encryptedDataKey: 'a2V5',
    });
  });

  it('keeps the namespace privilege on every transfer', async () => {
    await app.core.auth.users.add({
      username: 'devOnly',
      password: 'pw-password',
      roles: ['1'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['dev'] },
    });
    const token = await sessionFor(app, 'devOnly');
    expect((await call(app.console, 'GET', 'config/download', { token, query: { tenant: '' } })).statusCode).toBe(403);
    expect(
      (await call(app.console, 'POST', 'config/download', { token, json: [{ group: 'G2', dataId: 'c' }] })).statusCode,
    ).toBe(403);
    const denied = await upload(zipOf({ 'G/a': 'a' }), { token, tenant: '' });
    expect(denied.statusCode).toBe(401);
    expect(denied.json().code).toBe('NO_NAMESPACE_PERMISSION');
    const clone = await call(app.console, 'POST', 'v2/config/clone', {
      token,
      json: { targetTenant: 'dev', keys: [{ group: 'G2', dataId: 'c' }] },
    });
    expect(clone.json().code).toBe('NO_NAMESPACE_PERMISSION');
    await app.core.auth.users.add({ username: 'guest', password: 'pw-password', roles: ['2'] });
    const guestImport = await upload(zipOf({ 'G/a': 'a' }), { token: await sessionFor(app, 'guest') });
    expect(guestImport.json().code).toBe('NO_PERMISSION');
  });
});

function multipartFieldOnly() {
  const boundary = 'xyz';
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="tenant"\r\n\r\ndev\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
