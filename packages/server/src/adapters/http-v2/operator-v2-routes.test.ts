import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(() => app.dispose());

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, params: Record<string, string> = {}) =>
  app.sdkHttp.inject({ method, url: `/nacos/v2/ns${path}?${qs(params)}` });

describe('/nacos/v2/ns/operator/metrics', () => {
  it('answers the status alone by default and every count with onlyStatus=false', async () => {
    await call('POST', '/instance', { serviceName: 's', ip: '10.0.0.1', port: '80' });
    expect((await call('GET', '/operator/metrics')).json()).toEqual({
      code: 0,
      message: 'success',
      data: { status: 'UP' },
    });
    const all = (await call('GET', '/ops/metrics', { onlyStatus: 'false' })).json().data;
    expect(all).toMatchObject({ status: 'UP', serviceCount: 1, instanceCount: 1 });
    expect((await call('GET', '/operator/metrics', { onlyStatus: 'maybe' })).statusCode).toBe(400);
  });
});

describe('/nacos/v2/ns/operator/switches', () => {
  it('shows the switches at the values the server runs with, and refuses to change them', async () => {
    const res = (await call('GET', '/operator/switches')).json();
    expect(res).toMatchObject({ code: 0, data: { healthCheckEnabled: true, defaultPushCacheMillis: 10000 } });
    expect(res.data.instanceBeatTimeoutMillis).toBe(app.core.naming.options.beatTimeoutMs);
    const change = await call('PUT', '/operator/switches', { entry: 'pushEnabled', value: 'false' });
    expect(change.statusCode).toBe(501);
    expect(change.json()).toMatchObject({ code: 30000, message: 'server error' });
    expect((await call('GET', '/ops/switches')).json().data.pushEnabled).toBe(true);
  });
});
