import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { clusterCheckOf } from '../../core/naming/persistent-check-spec.js';

let app: TestApp;
const svc = { namespaceId: 'public', groupName: 'G', serviceName: 'db' };
beforeAll(async () => {
  app = await buildTestApp();
  await app.core.naming.registerInstance(svc, { ip: '10.1.0.1', port: 5432, ephemeral: false, clusterName: 'MAIN' });
  await app.core.naming.updateService(svc, { metadata: { owner: 'ops' } });
});
afterAll(() => app.dispose());

const put = (fields: Record<string, string>) =>
  app.sdkHttp.inject({ method: 'PUT', url: `/nacos/v1/ns/cluster?${new URLSearchParams(fields)}` });
const update = {
  serviceName: 'G@@db',
  clusterName: 'MAIN',
  checkPort: '8080',
  useInstancePort4Check: 'false',
  healthChecker: '{"type":"HTTP","path":"/health","headers":"X-Probe:1","expectedResponseCode":200}',
  metadata: 'tier=gold',
};

describe('PUT /nacos/v1/ns/cluster', () => {
  it('stores the cluster check in the service metadata, keeping its other keys, and GET service shows it', async () => {
    const res = await put(update);
    expect([res.statusCode, res.body]).toEqual([200, 'ok']);
    const metadata = app.core.naming.getService(svc)!.metadata;
    expect(metadata.owner).toBe('ops');
    expect(clusterCheckOf(metadata, 'MAIN')).toEqual({
      type: 'HTTP',
      path: '/health',
      expectedCode: 200,
      headers: { 'X-Probe': '1' },
      checkPort: 8080,
      useInstancePort: false,
    });
    const shown = await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v1/ns/service?serviceName=db&groupName=G' });
    expect(shown.json().clusters).toEqual([
      {
        name: 'MAIN',
        healthChecker: { type: 'HTTP', path: '/health', headers: 'X-Probe:1', expectedResponseCode: 200 },
        metadata: { tier: 'gold' },
      },
    ]);
  });

  it('switching to TCP drops the HTTP settings', async () => {
    await put({ ...update, healthChecker: '{"type":"TCP"}', metadata: '' });
    const metadata = app.core.naming.getService(svc)!.metadata;
    expect(Object.keys(metadata).sort()).toEqual([
      'cluster.MAIN.defaultCheckPort',
      'cluster.MAIN.healthChecker.type',
      'cluster.MAIN.useIPPort4Check',
      'owner',
    ]);
  });

  it('answers 400 for a missing parameter, a bad port or an unknown service', async () => {
    const { checkPort: _, ...noPort } = update;
    expect((await put(noPort)).statusCode).toBe(400);
    expect((await put({ ...update, checkPort: '70000' })).statusCode).toBe(400);
    // long settings are refused before they are parsed or stored
    const checker = (fields: object) => JSON.stringify({ type: 'HTTP', expectedResponseCode: 200, ...fields });
    const longPath = await put({ ...update, healthChecker: checker({ path: `/${'a'.repeat(1024)}` }) });
    expect([longPath.statusCode, longPath.body]).toEqual([400, expect.stringContaining('path longer than 1024')]);
    const longHeaders = await put({ ...update, healthChecker: checker({ path: '/', headers: 'a'.repeat(4097) }) });
    expect([longHeaders.statusCode, longHeaders.body]).toEqual([400, expect.stringContaining('headers longer')]);
    const huge = await put({ ...update, healthChecker: checker({ path: '/', pad: 'x'.repeat(9000) }) });
    expect([huge.statusCode, huge.body]).toEqual([400, expect.stringContaining('longer than 8192')]);
    expect(clusterCheckOf(app.core.naming.getService(svc)!.metadata, 'MAIN').path).not.toContain('aaaa');
    const unknown = await put({ ...update, serviceName: 'G@@nobody' });
    expect([unknown.statusCode, unknown.body]).toEqual([400, expect.stringContaining('service not found')]);
  });
});
