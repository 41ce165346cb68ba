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

describe('/nacos/v2/ns/service', () => {
  it('creates, shows, updates, lists and removes a service in the v2 envelope', async () => {
    const created = await call('POST', '/service', {
      serviceName: 'pay',
      groupName: 'G',
      protectThreshold: '0.5',
      metadata: '{"team":"a"}',
    });
    expect(created.json()).toEqual({ code: 0, message: 'success', data: 'ok' });
    const detail = (await call('GET', '/service', { serviceName: 'pay', groupName: 'G' })).json();
    expect(detail).toMatchObject({
      code: 0,
      data: {
        namespaceId: 'public',
        groupName: 'G',
        serviceName: 'pay',
        protectThreshold: 0.5,
        metadata: { team: 'a' },
        selector: { type: 'none' },
      },
    });
    const updated = await call('PUT', '/service', { serviceName: 'pay', groupName: 'G', protectThreshold: '0.1' });
    expect(updated.json().data).toBe('ok');
    expect(app.core.naming.getService({ namespaceId: 'public', groupName: 'G', serviceName: 'pay' })).toMatchObject({
      protectThreshold: 0.1,
    });
    const list = await call('GET', '/service/list', { groupName: 'G', pageNo: '1', pageSize: '10' });
    expect(list.json()).toEqual({ code: 0, message: 'success', data: { count: 1, services: ['pay'] } });
    expect((await call('DELETE', '/service', { serviceName: 'pay', groupName: 'G' })).json().data).toBe('ok');
    expect((await call('GET', '/service/list', { groupName: 'G' })).json().data).toEqual({ count: 0, services: [] });
  });

  it('answers nacos codes for a service that exists already or does not exist', async () => {
    await call('POST', '/service', { serviceName: 'dup' });
    const again = await call('POST', '/service', { serviceName: 'dup' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 21007, message: 'service already exist' });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, '/service', { serviceName: 'nothing' });
      expect(res.statusCode, method).toBe(400);
      expect(res.json(), method).toMatchObject({ code: 21008, message: 'service not exist' });
    }
    const missing = await call('POST', '/service', {});
    expect(missing.json()).toEqual({
      code: 10000,
      message: 'parameter missing',
      data: "required parameter 'serviceName' is missing",
    });
    const badThreshold = await call('POST', '/service', { serviceName: 'x', protectThreshold: 'high' });
    expect(badThreshold.statusCode).toBe(400);
    expect(badThreshold.json().code).toBe(20002);
  });

  it('pages the list at most 500 names a page', async () => {
    await call('POST', '/service', { serviceName: 'a' });
    await call('POST', '/service', { serviceName: 'b' });
    const page2 = await call('GET', '/service/list', { pageNo: '2', pageSize: '1' });
    expect(page2.json().data).toEqual({ count: 2, services: ['b'] });
    expect((await call('GET', '/service/list', { pageSize: 'x' })).statusCode).toBe(400);
  });
});
