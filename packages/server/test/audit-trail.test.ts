import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../src/core/audit/audit-model.js';
import { ROLE_DEVELOPER, ROLE_GUEST } from '../src/core/auth/user-model.js';
import { call, knownCaptcha, postConsoleLogin, sessionFor } from './console-helpers.js';
import { grpcKit, type GrpcKit } from './grpc-kit.js';
import { buildTestApp, form } from './helpers.js';

/**
 * The audit trail through every door of a real server (real SQLite file): each door writes its rows, a
 * refusal is recorded as refused, only admins read the trail, and the rows outlive a restart.
 */
describe('audit trail', () => {
  let kit: GrpcKit;
  let adminApi = '';
  let guestApi = '';
  let adminConsole = '';
  let developerConsole = '';
  const rows = async (filter: Record<string, string> = {}): Promise<AuditEntry[]> =>
    (await kit.app.core.audit.list(filter, 0, 500)).items;

  beforeAll(async () => {
    kit = await grpcKit({ captchaSource: knownCaptcha, env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
    const { auth } = kit.app.core;
    await auth.users.add({ username: 'guest1', password: 'guest1-password', roles: [ROLE_GUEST] });
    await auth.users.add({ username: 'dev1', password: 'dev1-password', roles: [ROLE_DEVELOPER] });
    adminApi = (await auth.sessions.create('api', 'admin', 3600)).token;
    guestApi = (await auth.sessions.create('api', 'guest1', 3600)).token;
    adminConsole = await sessionFor(kit.app, 'admin');
    developerConsole = await sessionFor(kit.app, 'dev1');
  });
  afterAll(async () => {
    await kit?.dispose();
  });

  it('records SDK logins, success and failure, with the address and the name tried', async () => {
    const sdk = kit.app.sdkHttp;
    const good = await sdk.inject({
      method: 'POST',
      url: '/nacos/v1/auth/login',
      ...form({ username: 'admin', password: 'admin' }),
    });
    expect(good.statusCode).toBe(200);
    const bad = await sdk.inject({
      method: 'POST',
      url: '/nacos/v1/auth/login',
      ...form({ username: 'admin', password: 'nope' }),
    });
    expect(bad.statusCode).toBe(403);
    const logins = await rows({ action: 'login.' });
    expect(logins.slice(0, 2)).toMatchObject([
      { action: 'login.failure', username: 'admin', door: 'http-v1', outcome: 'refused', clientIp: '127.0.0.1' },
      { action: 'login.success', username: 'admin', door: 'http-v1', outcome: 'ok', reason: '' },
    ]);
    // never the password
    expect(JSON.stringify(logins)).not.toContain('nope');
  });

  it('records config publishes and deletes over HTTP v1 with the token user, and a refused one as refused', async () => {
    const sdk = kit.app.sdkHttp;
    const publish = (token: string) =>
      sdk.inject({
        method: 'POST',
        url: `/nacos/v1/cs/configs?accessToken=${token}`,
        ...form({ dataId: 'http.yaml', group: 'G', content: 'a: 1' }),
      });
    expect((await publish(adminApi)).statusCode).toBe(200);
    expect((await publish(guestApi)).statusCode).toBe(403);
    const del = await sdk.inject({
      method: 'DELETE',
      url: `/nacos/v1/cs/configs?dataId=http.yaml&group=G&accessToken=${adminApi}`,
    });
    expect(del.statusCode).toBe(200);
    expect((await rows({ door: 'http-v1', action: 'config.' })).slice(0, 3)).toMatchObject([
      { action: 'config.delete', username: 'admin', target: 'G/http.yaml', outcome: 'ok' },
      { action: 'config.publish', username: 'guest1', outcome: 'refused' },
      { action: 'config.publish', username: 'admin', namespaceId: '', target: 'G/http.yaml', outcome: 'ok' },
    ]);
  });

  it('records a gRPC publish in the transaction of the write, and a refused compare-and-set', async () => {
    const headers = { accessToken: adminApi };
    const ok = await kit.call(
      'ConfigPublishRequest',
      { dataId: 'grpc.yaml', group: 'G', tenant: '', content: 'x' },
      { headers },
    );
    expect(ok.body.resultCode).toBe(200);
    const cas = await kit.call(
      'ConfigPublishRequest',
      { dataId: 'grpc.yaml', group: 'G', tenant: '', content: 'y', casMd5: 'not-the-md5' },
      { headers },
    );
    expect(cas.body.resultCode).not.toBe(200);
    const guest = await kit.call(
      'ConfigRemoveRequest',
      { dataId: 'grpc.yaml', group: 'G', tenant: '' },
      { headers: { accessToken: guestApi } },
    );
    expect(guest.body.resultCode).not.toBe(200);
    expect((await rows({ door: 'grpc' })).slice(0, 3)).toMatchObject([
      { action: 'config.delete', outcome: 'refused', username: 'guest1', target: 'G/grpc.yaml' },
      { action: 'config.publish', outcome: 'refused', username: 'admin', target: 'G/grpc.yaml' },
      { action: 'config.publish', outcome: 'ok', username: 'admin', target: 'G/grpc.yaml' },
    ]);
  });

  it('records console logins, user and namespace changes, and a refused user change', async () => {
    const console = kit.app.consoleHttp!;
    expect((await postConsoleLogin(console, 'dev1', 'dev1-password')).json().success).toBe(true);
    expect((await postConsoleLogin(console, 'dev1', 'wrong-password')).json().success).toBe(false);
    const added = await call(console, 'POST', 'v2/user/add', {
      token: adminConsole,
      json: { username: 'ops1', password: 'ops1-password', roles: '2', enable: true },
    });
    expect(added.json().success).toBe(true);
    const ns = await call(console, 'POST', 'v2/namespaces/add', {
      token: adminConsole,
      json: { namespaceId: 'qa', namespaceName: 'QA' },
    });
    expect(ns.json().success).toBe(true);
    const refused = await call(console, 'POST', 'v2/user/add', {
      token: developerConsole,
      json: { username: 'sneaky', password: 'sneaky-password', roles: '1' },
    });
    expect(refused.json().success).toBe(false);
    const consoleRows = await rows({ door: 'console' });
    expect(consoleRows.slice(0, 5)).toMatchObject([
      // refused before its body was read: what it would have created is not known
      { action: 'user.create', username: 'dev1', outcome: 'refused', reason: 'NO_PERMISSION' },
      { action: 'namespace.create', username: 'admin', outcome: 'ok', namespaceId: 'qa', target: 'namespaceName=QA' },
      { action: 'user.create', username: 'admin', outcome: 'ok', target: 'username=ops1' },
      { action: 'login.failure', username: 'dev1', outcome: 'refused' },
      { action: 'login.success', username: 'dev1', outcome: 'ok' },
    ]);
    for (const secret of ['dev1-password', 'wrong-password', 'ops1-password']) {
      expect(JSON.stringify(consoleRows)).not.toContain(secret);
    }
  });

  it('records a console config publish once, from the config service', async () => {
    const console = kit.app.consoleHttp!;
    const res = await call(console, 'POST', 'v2/config/add', {
      token: adminConsole,
      json: { tenant: 'qa', group: 'G', dataId: 'console.yaml', content: 'c: 1' },
    });
    expect(res.json().success).toBe(true);
    const published = await rows({ door: 'console', action: 'config.publish' });
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ username: 'admin', namespaceId: 'qa', target: 'G/console.yaml' });
  });

  it('records the OpenAPI routes the console port serves as console writes of the session user', async () => {
    const console = kit.app.consoleHttp!;
    const send = (path: string, fields: Record<string, string>) =>
      console.inject({
        method: 'POST',
        url: `/rnacos/api/console${path}`,
        cookies: { token: adminConsole },
        ...form(fields),
      });
    expect((await send('/cs/configs', { dataId: 'legacy.yaml', group: 'G', content: 'l: 1' })).body).toBe('true');
    expect((await send('/ns/service', { serviceName: 'legacy-svc', groupName: 'G' })).statusCode).toBe(200);
    expect((await rows({ door: 'console' })).slice(0, 2)).toMatchObject([
      { action: 'service.create', username: 'admin', target: 'groupName=G serviceName=legacy-svc', outcome: 'ok' },
      { action: 'config.publish', username: 'admin', target: 'G/legacy.yaml', outcome: 'ok' },
    ]);
  });

  it('lists and exports the trail for admins only', async () => {
    const console = kit.app.consoleHttp!;
    const list = await call(console, 'GET', 'v2/audit/list', {
      token: adminConsole,
      query: { action: 'login.', door: 'console', pageNo: '1', pageSize: '1' },
    });
    expect(list.json().data).toMatchObject({ totalCount: 2, list: [{ action: 'login.failure' }] });
    const bad = await call(console, 'GET', 'v2/audit/list', { token: adminConsole, query: { door: 'smtp' } });
    expect(bad.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    const refused = await call(console, 'GET', 'v2/audit/list', { token: developerConsole });
    expect(refused.json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await call(console, 'GET', 'v2/audit/export', { token: developerConsole })).json().code).toBe(
      'NO_PERMISSION',
    );

    const csv = await call(console, 'GET', 'v2/audit/export', { token: adminConsole, query: { door: 'grpc' } });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('id,time,username,door,clientIp,action,namespaceId,target,outcome,reason,timeIso');
    expect(lines).toHaveLength(4);
    const jsonl = await call(console, 'GET', 'v2/audit/export', { token: adminConsole, query: { format: 'jsonl' } });
    const exported = jsonl.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as AuditEntry);
    expect(exported.length).toBe((await rows()).length);
  });

  it('keeps every row across a restart (the SQLite file)', async () => {
    const before = await rows();
    const dataDir = kit.app.dataDir;
    await kit.app.close();
    const reopened = await buildTestApp({ dataDir });
    try {
      expect((await reopened.core.audit.list({}, 0, 500)).items).toEqual(before);
    } finally {
      await reopened.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
