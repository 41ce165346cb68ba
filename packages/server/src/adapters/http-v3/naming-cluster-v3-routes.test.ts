import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
let server: http.Server;
let port = 0;
const paths: string[] = [];
const svc = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'checked' };
beforeAll(async () => {
  // loopback may be probed over HTTP only through the outbound setting
  app = await buildTestApp({ env: { RNACOS_OUTBOUND_ALLOW_CIDRS: '127.0.0.1' }, probeIntervalMs: 60_000 });
  server = http.createServer((req, res) => {
    paths.push(req.url ?? '');
    res.writeHead(req.url === '/ready' ? 204 : 500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  await app.core.naming.registerInstance(svc, { ip: '127.0.0.1', port, ephemeral: false, clusterName: 'WEB' });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await app.dispose();
});

const put = (url: string, fields: Record<string, string>) =>
  app.sdkHttp.inject({ method: 'PUT', url: `/nacos/v3/admin/ns${url}`, ...form(fields) });
const get = async (url: string) =>
  (await app.sdkHttp.inject({ method: 'GET', url: `/nacos/v3/admin/ns${url}` })).json();
const cluster = (healthChecker: object, extra: Record<string, string> = {}) => ({
  serviceName: 'checked',
  clusterName: 'WEB',
  checkPort: '80',
  useInstancePort4Check: 'true',
  healthChecker: JSON.stringify(healthChecker),
  ...extra,
});

describe('PUT /nacos/v3/admin/ns/cluster', () => {
  it('sets the HTTP check the prober then runs, shown in the service detail', async () => {
    const res = await put(
      '/cluster',
      cluster({ type: 'HTTP', path: '/ready', expectedResponseCode: 204 }, { metadata: '{"zone":"a"}' }),
    );
    expect(res.json()).toEqual({ code: 0, message: 'success', data: 'ok' });
    await app.prober!.round();
    expect(paths).toContain('/ready');
    expect(app.core.naming.listInstances(svc)[0].healthy).toBe(true);
    const detail = (await get('/service?serviceName=checked')).data;
    expect(detail.clusterMap.WEB).toMatchObject({
      healthChecker: { type: 'HTTP', path: '/ready', expectedResponseCode: 204 },
      useInstancePortForCheck: true,
      metadata: { zone: 'a' },
    });
  });

  it('turns checking off with NONE', async () => {
    expect((await put('/cluster', cluster({ type: 'NONE' }))).json().code).toBe(0);
    expect(await app.prober!.round()).toMatchObject({ probed: 0 });
  });

  it('refuses what it cannot store: a missing parameter, a bad checker, an unknown service', async () => {
    const { healthChecker: _, ...noChecker } = cluster({});
    const missing = await put('/cluster', noChecker);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 10000,
      data: "Required parameter 'healthChecker' type String is not present",
    });
    expect((await put('/cluster', cluster({ type: 'MYSQL' }))).json().code).toBe(20002);
    expect((await put('/cluster', { ...cluster({}), healthChecker: '{' })).json().code).toBe(20002);
    const unknown = await put('/cluster', { ...cluster({ type: 'TCP' }), serviceName: 'nobody' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 21008]);
  });
});

describe('nacos 3 naming switches and checkers', () => {
  it('answers the switches this server runs with, and refuses to change them (501)', async () => {
    expect((await get('/ops/switches')).data).toMatchObject({ healthCheckEnabled: true, pushEnabled: true });
    const res = await put('/ops/switches', { entry: 'pushEnabled', value: 'false' });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toMatchObject({ code: 30000, message: 'server error' });
  });

  it('lists the health checkers by type', async () => {
    const { data } = await get('/health/checkers');
    expect(Object.keys(data).sort()).toEqual(['HTTP', 'NONE', 'TCP']);
    expect(data.HTTP).toEqual({ type: 'HTTP', path: '', headers: '', expectedResponseCode: 200 });
  });
});
