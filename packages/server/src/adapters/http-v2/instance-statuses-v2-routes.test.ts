import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeEach(async () => {
  app = await buildTestApp();
  await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'Dev' });
});
afterEach(() => app.dispose());

const register = async (fields: Record<string, string>) => {
  const res = await app.sdkHttp.inject({ method: 'POST', url: '/nacos/v2/ns/instance', ...form(fields) });
  expect(res.json()).toMatchObject({ code: 0 });
};
const statuses = (key: string) =>
  app.sdkHttp.inject({ method: 'GET', url: `/nacos/v2/ns/instance/statuses/${encodeURIComponent(key)}` });

describe('GET /nacos/v2/ns/instance/statuses/{key}', () => {
  it('lists every instance of the service as ip:port_healthy, every cluster, outside the v2 envelope', async () => {
    await register({ serviceName: 'order', ip: '10.0.0.5', port: '8080', ephemeral: 'false' });
    await register({ serviceName: 'order', ip: '10.0.0.6', port: '8080', clusterName: 'B', ephemeral: 'false' });
    await register({ serviceName: 'order', ip: '10.0.0.7', port: '9090', healthy: 'false', ephemeral: 'false' });
    await register({ serviceName: 'order', ip: '10.0.0.9', port: '1', namespaceId: 'dev' });
    const res = await statuses('DEFAULT_GROUP@@order');
    expect(res.statusCode).toBe(200);
    expect(new Set(res.json().ips)).toEqual(
      new Set(['10.0.0.5:8080_true', '10.0.0.6:8080_true', '10.0.0.7:9090_false']),
    );
    // the namespace before "##"; "public" names the default one
    expect((await statuses('dev##DEFAULT_GROUP@@order')).json()).toEqual({ ips: ['10.0.0.9:1_true'] });
    expect((await statuses('public##DEFAULT_GROUP@@order')).json().ips).toHaveLength(3);
  });

  it('answers an empty list for a service without instances', async () => {
    expect((await statuses('G@@nobody')).json()).toEqual({ ips: [] });
  });

  it('refuses a key without its group, or with a malformed namespace, with 400 in the v2 envelope', async () => {
    for (const key of ['order', '@@order', 'dev##order', 'G@@', 'bad ns##G@@order']) {
      const res = await statuses(key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json(), key).toMatchObject({ data: expect.stringContaining('invalid') });
    }
  });
});
