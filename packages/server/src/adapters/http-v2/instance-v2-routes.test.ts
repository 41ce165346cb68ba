import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(() => app.dispose());

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, params: Record<string, string> = {}) =>
  app.sdkHttp.inject({ method, url: `/nacos/v2/ns${path}?${qs(params)}` });
const one = { serviceName: 'order', ip: '10.0.0.5', port: '8080' };

describe('/nacos/v2/ns/instance', () => {
  it('registers (form body), shows, lists, updates and deregisters in the v2 envelope', async () => {
    const registered = await app.sdkHttp.inject({
      method: 'POST',
      url: '/nacos/v2/ns/instance',
      ...form({ ...one, weight: '2', metadata: '{"zone":"a"}', ephemeral: 'false' }),
    });
    expect(registered.json()).toEqual({ code: 0, message: 'success', data: 'ok' });

    const detail = await call('GET', '/instance', one);
    expect(detail.json()).toEqual({
      code: 0,
      message: 'success',
      data: {
        serviceName: 'DEFAULT_GROUP@@order',
        ip: '10.0.0.5',
        port: 8080,
        clusterName: 'DEFAULT',
        weight: 2,
        healthy: true,
        instanceId: '10.0.0.5#8080#DEFAULT#DEFAULT_GROUP@@order',
        metadata: { zone: 'a' },
      },
    });

    const list = (await call('GET', '/instance/list', { serviceName: 'order' })).json();
    expect(list).toMatchObject({ code: 0, data: { name: 'order', groupName: 'DEFAULT_GROUP', clusters: '' } });
    expect(list.data.hosts).toHaveLength(1);
    expect(list.data.hosts[0]).toMatchObject({ ip: '10.0.0.5', port: 8080, weight: 2, ephemeral: false });

    expect((await call('PUT', '/instance', { ...one, ephemeral: 'false', weight: '5' })).json().data).toBe('ok');
    expect((await call('GET', '/instance', one)).json().data.weight).toBe(5);

    expect((await call('DELETE', '/instance', { ...one, ephemeral: 'false' })).json().data).toBe('ok');
    const gone = await call('GET', '/instance', one);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 21003, message: 'instance not found', data: 'no matched ip found!' });
  });

  it('filters the list by clusterName', async () => {
    await call('POST', '/instance', { ...one, clusterName: 'A' });
    await call('POST', '/instance', { ...one, ip: '10.0.0.6', clusterName: 'B' });
    const a = (await call('GET', '/instance/list', { serviceName: 'order', clusterName: 'A' })).json().data;
    expect(a.hosts.map((h: { ip: string }) => h.ip)).toEqual(['10.0.0.5']);
    expect(a.clusters).toBe('A');
  });

  it('answers missing and bad parameters with 400 and nacos codes, and registers nothing', async () => {
    const noIp = await call('POST', '/instance', { serviceName: 'order', port: '1' });
    expect(noIp.statusCode).toBe(400);
    expect(noIp.json()).toEqual({
      code: 10000,
      message: 'parameter missing',
      data: "required parameter 'ip' is missing",
    });
    const badPort = await call('POST', '/instance', { ...one, port: 'eighty' });
    expect(badPort.statusCode).toBe(400);
    expect(badPort.json().code).toBe(20002);
    const badWeight = await call('POST', '/instance', { ...one, weight: '100000' });
    expect(badWeight.statusCode).toBe(400);
    expect(badWeight.json().code).toBe(20002);
    const badMetadata = await call('POST', '/instance', { ...one, metadata: '{not json' });
    expect(badMetadata.statusCode).toBe(400);
    expect(app.core.naming.stats().instanceCount).toBe(0);
    expect((await call('GET', '/instance/list', {})).json().code).toBe(10000);
  });

  it('answers a beat with the v1 beat object', async () => {
    await call('POST', '/instance', one);
    const beat = await call('PUT', '/instance/beat', one);
    expect(beat.json()).toMatchObject({ code: 10200, lightBeatEnabled: true });
    const unknown = await call('PUT', '/instance/beat', { ...one, ip: '10.9.9.9' });
    expect(unknown.json()).toMatchObject({ code: 20404 });
  });
});

describe('/nacos/v2/ns/instance/metadata/batch', () => {
  it('adds and replaces keys on the instances named, then removes them', async () => {
    await call('POST', '/instance', { ...one, metadata: '{"keep":"1","zone":"a"}' });
    await call('POST', '/instance', { ...one, ip: '10.0.0.6' });
    const instances = JSON.stringify([{ ip: '10.0.0.5', port: 8080, clusterName: 'DEFAULT' }]);
    const put = await call('PUT', '/instance/metadata/batch', {
      serviceName: 'order',
      instances,
      metadata: '{"zone":"b","new":"x"}',
    });
    expect(put.json()).toEqual({ code: 0, message: 'success', data: { updated: ['10.0.0.5:8080:DEFAULT'] } });
    expect((await call('GET', '/instance', one)).json().data.metadata).toEqual({ keep: '1', zone: 'b', new: 'x' });
    const other = (await call('GET', '/instance', { ...one, ip: '10.0.0.6' })).json().data.metadata;
    expect(other).toEqual({});

    // no instances named: every instance of the service
    const removed = await call('DELETE', '/instance/metadata/batch', {
      serviceName: 'order',
      metadata: '{"zone":"","new":""}',
    });
    expect(removed.json().data.updated).toHaveLength(2);
    expect((await call('GET', '/instance', one)).json().data.metadata).toEqual({ keep: '1' });
  });

  it('refuses a malformed instances list or a missing metadata', async () => {
    const bad = await call('PUT', '/instance/metadata/batch', {
      serviceName: 'order',
      instances: '[{',
      metadata: 'a=1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(20002);
    const noMetadata = await call('PUT', '/instance/metadata/batch', { serviceName: 'order' });
    expect(noMetadata.json()).toMatchObject({ code: 10000, data: "required parameter 'metadata' is missing" });
  });
});

describe('/nacos/v2/ns/health/instance', () => {
  it('marks a persistent instance unhealthy and healthy again', async () => {
    await call('POST', '/instance', { ...one, ephemeral: 'false' });
    const down = await call('PUT', '/health/instance', { ...one, healthy: 'false' });
    expect(down.json()).toEqual({ code: 0, message: 'success', data: 'ok' });
    expect((await call('GET', '/instance', one)).json().data.healthy).toBe(false);
    await call('PUT', '/health', { ...one, healthy: 'true' });
    expect((await call('GET', '/instance', one)).json().data.healthy).toBe(true);
  });

  it('answers a missing healthy with 10000 and an unknown instance with 21003', async () => {
    expect((await call('PUT', '/health/instance', one)).json()).toMatchObject({ code: 10000 });
    const unknown = await call('PUT', '/health/instance', { ...one, healthy: 'true' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(21003);
  });
});

describe('PATCH /nacos/v2/ns/instance', () => {
  it('changes only the fields given and answers a bare ok; an unknown instance is 404 21003', async () => {
    await call('POST', '/instance', { ...one, weight: '3', metadata: '{"zone":"a"}' });
    const res = await app.sdkHttp.inject({
      method: 'PATCH',
      url: `/nacos/v2/ns/instance?${qs({ ...one, enabled: 'false' })}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('ok');
    const instance = app.core.naming.listInstances({
      namespaceId: 'public',
      groupName: 'DEFAULT_GROUP',
      serviceName: 'order',
    })[0];
    expect(instance).toMatchObject({ enabled: false, weight: 3, metadata: { zone: 'a' } });
    const unknown = await app.sdkHttp.inject({
      method: 'PATCH',
      url: `/nacos/v2/ns/instance?${qs({ ...one, ip: '10.9.9.9' })}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(21003);
  });
});

describe('/nacos/v2/ns/catalog/instances', () => {
  it('pages every instance of a service, disabled ones included, filtered by health and enabled', async () => {
    for (const port of ['1', '2', '3']) await call('POST', '/instance', { ...one, port, ephemeral: 'false' });
    await call('PUT', '/health/instance', { ...one, port: '2', healthy: 'false' });
    await app.sdkHttp.inject({
      method: 'PATCH',
      url: `/nacos/v2/ns/instance?${qs({ ...one, port: '3', enabled: 'false' })}`,
    });
    const page = (await call('GET', '/catalog/instances', { serviceName: 'order', pageNo: '1', pageSize: '2' })).json();
    expect(page).toMatchObject({ code: 0, data: { count: 3 } });
    expect(page.data.instances).toHaveLength(2);
    const healthy = (
      await call('GET', '/catalog/instances', {
        serviceName: 'order',
        pageNo: '1',
        pageSize: '10',
        healthyOnly: 'true',
      })
    ).json().data;
    expect(healthy.instances.map((i: { port: number }) => i.port).sort()).toEqual([1, 3]);
    const enabled = (
      await call('GET', '/catalog/instances', {
        serviceName: 'order',
        pageNo: '1',
        pageSize: '10',
        enabledOnly: 'false',
      })
    ).json().data;
    expect(enabled).toMatchObject({ count: 1, instances: [{ port: 3, enabled: false }] });
    const noPage = await call('GET', '/catalog/instances', { serviceName: 'order' });
    expect(noPage.json()).toMatchObject({ code: 10000, data: "required parameter 'pageNo' is missing" });
  });
});
