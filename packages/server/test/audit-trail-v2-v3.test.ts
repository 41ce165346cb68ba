import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../src/core/audit/audit-model.js';
import { ROLE_GUEST } from '../src/core/auth/user-model.js';
import { buildTestApp, form, type TestApp } from './helpers.js';

/**
 * The audit trail on the nacos OpenAPI v2 and v3 routes and on gray releases: each write is recorded once,
 * under its own door (`http-v2`, `http-v3`) and the token's user; ephemeral registrations are not.
 */
describe('audit trail: OpenAPI v2 and v3, gray releases', () => {
  let app: TestApp;
  let admin = '';
  let guest = '';
  const rows = async (filter: Record<string, string> = {}): Promise<AuditEntry[]> =>
    (await app.core.audit.list(filter, 0, 500)).items;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, fields: Record<string, string>, token = admin) =>
    app.sdkHttp.inject({ method, url: `${url}?accessToken=${token}`, ...form(fields) });

  beforeAll(async () => {
    app = await buildTestApp({ env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
    await app.core.auth.users.add({ username: 'guest1', password: 'guest1-password', roles: [ROLE_GUEST] });
    admin = (await app.core.auth.sessions.create('api', 'admin', 3600)).token;
    guest = (await app.core.auth.sessions.create('api', 'guest1', 3600)).token;
  });
  afterAll(() => app?.dispose());

  it('records a v2 config publish once under door http-v2, and a refused one as refused', async () => {
    const fields = { dataId: 'v2.yaml', group: 'G', content: 'a: 1' };
    expect((await send('POST', '/nacos/v2/cs/config', fields)).statusCode).toBe(200);
    expect((await send('POST', '/nacos/v2/cs/config', fields, guest)).statusCode).toBe(403);
    expect(await rows({ door: 'http-v2', action: 'config.' })).toMatchObject([
      { action: 'config.publish', username: 'guest1', outcome: 'refused' },
      { action: 'config.publish', username: 'admin', target: 'G/v2.yaml', outcome: 'ok' },
    ]);
  });

  it('records v3 namespace and user writes under door http-v3 with what they named', async () => {
    const ns = { namespaceId: 'audited', namespaceName: 'Audited' };
    expect((await send('POST', '/nacos/v3/admin/core/namespace', ns)).statusCode).toBe(200);
    const user = { username: 'carol', password: 'carol-password-1' };
    expect((await send('POST', '/nacos/v3/auth/user', user)).statusCode).toBe(200);
    const written = await rows({ door: 'http-v3' });
    expect(written.slice(0, 2)).toMatchObject([
      { action: 'user.create', username: 'admin', target: 'username=carol', outcome: 'ok' },
      { action: 'namespace.create', username: 'admin', namespaceId: 'audited', outcome: 'ok' },
    ]);
    expect(JSON.stringify(written)).not.toContain('carol-password-1');
  });

  it('records persistent v2 instances but not ephemeral registrations or beats', async () => {
    const instance = { serviceName: 'svc', ip: '10.0.0.9', port: '8080' };
    await send('POST', '/nacos/v2/ns/instance', instance);
    await send('POST', '/nacos/v2/ns/instance', { ...instance, port: '8081', ephemeral: 'false' });
    const recorded = await rows({ door: 'http-v2', action: 'instance.' });
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ action: 'instance.create', target: expect.stringContaining('port=8081') });
  });

  it('records cluster updates on v1 and v3 as cluster.update, and a switches update', async () => {
    await app.core.naming.createService({ namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'db' }, {});
    const cluster = {
      serviceName: 'db',
      clusterName: 'MAIN',
      checkPort: '80',
      useInstancePort4Check: 'true',
      healthChecker: '{"type":"NONE"}',
    };
    expect((await send('PUT', '/nacos/v1/ns/cluster', cluster)).statusCode).toBe(200);
    expect((await send('PUT', '/nacos/v3/admin/ns/cluster', cluster)).statusCode).toBe(200);
    expect((await send('PUT', '/nacos/v3/admin/ns/ops/switches', { entry: 'pushEnabled' })).statusCode).toBe(501);
    expect((await rows({ action: 'cluster.' })).map((r) => [r.door, r.target, r.outcome])).toEqual([
      ['http-v3', 'serviceName=db clusterName=MAIN', 'ok'],
      ['http-v1', 'serviceName=db clusterName=MAIN', 'ok'],
    ]);
    expect(await rows({ door: 'http-v3', action: 'switches.' })).toMatchObject([{ outcome: 'failed' }]);
  });

  it('records gray publishes and deletes from the config service, on v1 and v2', async () => {
    const key = { dataId: 'gray.yaml', group: 'G' };
    await send('POST', '/nacos/v1/cs/configs', { ...key, content: 'stable' });
    const body = form({ ...key, content: 'canary' });
    const beta = await app.sdkHttp.inject({
      method: 'POST',
      url: `/nacos/v1/cs/configs?accessToken=${admin}`,
      payload: body.payload,
      headers: { ...body.headers, betaips: '10.0.0.1' },
    });
    expect(beta.statusCode).toBe(200);
    await send('POST', '/nacos/v2/cs/config', { ...key, content: 'tagged', tag: 'blue' });
    await app.sdkHttp.inject({
      method: 'DELETE',
      url: `/nacos/v2/cs/config?dataId=gray.yaml&group=G&tag=blue&accessToken=${admin}`,
    });
    const gray = await rows({ action: 'config.gray.' });
    expect(gray.map((r) => [r.action, r.door, r.username, r.target])).toEqual([
      ['config.gray.delete', 'http-v2', 'admin', 'G/gray.yaml'],
      ['config.gray.publish', 'http-v2', 'admin', 'G/gray.yaml'],
      ['config.gray.publish', 'http-v1', 'admin', 'G/gray.yaml'],
    ]);
  });
});
