import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('HTTP v1 service routes', () => {
  let app: TestApp;

  beforeEach(async () => {
    app = await buildTestApp();
  });
  afterEach(() => app.dispose());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, params: Record<string, string> = {}) =>
    app.sdkHttp.inject({ method, url: `/nacos/v1/ns${path}?${qs(params)}` });

  it('creates, reads, updates and deletes a service', async () => {
    const created = await call('POST', '/service', {
      serviceName: 'order',
      groupName: 'G',
      protectThreshold: '0.5',
      metadata: '{"team":"a"}',
      selector: '{"type":"none"}',
    });
    expect(created.body).toBe('ok');
    expect((await call('POST', '/service', { serviceName: 'order', groupName: 'G' })).statusCode).toBe(400);

    const detail = await call('GET', '/service', { serviceName: 'order', groupName: 'G' });
    expect(detail.json()).toEqual({
      namespaceId: 'public',
      groupName: 'G',
      name: 'order',
      protectThreshold: 0.5,
      metadata: { team: 'a' },
      selector: { type: 'none' },
      clusters: [],
    });

    expect(
      (await call('PUT', '/service', { serviceName: 'order', groupName: 'G', protectThreshold: '0.1' })).body,
    ).toBe('ok');
    expect((await call('GET', '/service', { serviceName: 'G@@order' })).json()).toMatchObject({
      protectThreshold: 0.1,
      metadata: { team: 'a' },
    });

    expect((await call('DELETE', '/service', { serviceName: 'order', groupName: 'G' })).body).toBe('ok');
    expect((await call('GET', '/service', { serviceName: 'order', groupName: 'G' })).statusCode).toBe(404);
    expect((await call('PUT', '/service', { serviceName: 'order', groupName: 'G' })).statusCode).toBe(400);
    expect((await call('DELETE', '/service', { serviceName: 'order', groupName: 'G' })).statusCode).toBe(400);
  });

  it('shows each cluster’s health checker as its service metadata sets it', async () => {
    for (const [ip, clusterName] of [
      ['10.0.0.1', 'DEFAULT'],
      ['10.0.0.2', 'WEB'],
    ])
      await call('POST', '/instance', { serviceName: 'probed', ip, port: '80', clusterName, ephemeral: 'false' });
    const metadata = JSON.stringify({
      'cluster.WEB.healthChecker.type': 'HTTP',
      'cluster.WEB.healthChecker.path': 'ready',
      'cluster.WEB.healthChecker.headers': 'Host:web|X-Probe:1',
    });
    expect((await call('PUT', '/service', { serviceName: 'probed', metadata })).body).toBe('ok');
    expect((await call('GET', '/service', { serviceName: 'probed' })).json().clusters).toEqual([
      { name: 'DEFAULT', healthChecker: { type: 'TCP' }, metadata: {} },
      {
        name: 'WEB',
        healthChecker: { type: 'HTTP', path: '/ready', headers: 'Host:web|X-Probe:1', expectedResponseCode: 200 },
        metadata: {},
      },
    ]);
  });

  it('refuses to delete a service with instances and rejects bad settings', async () => {
    await call('POST', '/instance', { serviceName: 's', ip: '10.0.0.1', port: '1' });
    const res = await call('DELETE', '/service', { serviceName: 's' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('instance');
    const bad: Array<Record<string, string>> = [
      { serviceName: 'x', protectThreshold: '1.5' },
      { serviceName: 'x', protectThreshold: 'half' },
      { serviceName: 'x', metadata: '{"a":{"b":1}}' },
      { serviceName: 'x', selector: '{"type":"regex"}' },
      { serviceName: '' },
    ];
    for (const params of bad) {
      const res = await call('POST', '/service', params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.body.length).toBeGreaterThan(0);
    }
  });

  it('applies the protect threshold to instance lists', async () => {
    await call('POST', '/instance', { serviceName: 's', ip: '10.0.0.1', port: '1' });
    await call('POST', '/instance', { serviceName: 's', ip: '10.0.0.2', port: '1', healthy: 'false' });
    const healthyIps = async () =>
      (await call('GET', '/instance/list', { serviceName: 's', healthyOnly: 'true' }))
        .json()
        .hosts.map((h: { ip: string }) => h.ip);
    expect(await healthyIps()).toEqual(['10.0.0.1']);
    await call('PUT', '/service', { serviceName: 's', protectThreshold: '0.8' });
    expect((await healthyIps()).sort()).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('lists service names of a group, paged', async () => {
    for (const name of ['c', 'a', 'b'])
      await call('POST', '/instance', { serviceName: name, ip: '10.0.0.1', port: '1' });
    await call('POST', '/instance', { serviceName: 'other@@z', ip: '10.0.0.1', port: '1' });
    expect((await call('GET', '/service/list', { pageNo: '1', pageSize: '2' })).json()).toEqual({
      count: 3,
      doms: ['a', 'b'],
    });
    expect((await call('GET', '/service/list', { pageNo: '2', pageSize: '2' })).json()).toEqual({
      count: 3,
      doms: ['c'],
    });
    expect((await call('GET', '/service/list', { pageNo: '1', pageSize: '10', groupName: 'other' })).json()).toEqual({
      count: 1,
      doms: ['z'],
    });
    expect((await call('GET', '/service/list', { pageSize: '10' })).statusCode).toBe(400);
    expect((await call('GET', '/service/list', { pageNo: 'x', pageSize: '10' })).statusCode).toBe(400);
  });

  it('pages service names as nacos does: any page size, a page below 1 is the first', async () => {
    for (const name of ['b', 'a']) await call('POST', '/instance', { serviceName: name, ip: '10.0.0.1', port: '1' });
    const list = async (pageNo: string, pageSize: string) =>
      (await call('GET', '/service/list', { pageNo, pageSize })).json();
    expect(await list('1', '2147483647')).toEqual({ count: 2, doms: ['a', 'b'] });
    expect(await list('0', '10')).toEqual({ count: 2, doms: ['a', 'b'] });
    expect(await list('0', '1')).toEqual({ count: 2, doms: ['a'] });
    expect(await list('2', '1')).toEqual({ count: 2, doms: ['b'] });
  });

  it('reports status UP with counts', async () => {
    await call('POST', '/instance', { serviceName: 's', ip: '10.0.0.1', port: '1' });
    await call('POST', '/instance', { serviceName: 's', ip: '10.0.0.2', port: '1' });
    await call('GET', '/instance/list', { serviceName: 's', clientIP: '10.0.0.3', udpPort: '4000' });
    for (const path of ['/operator/metrics', '/ops/metrics']) {
      const body = (await call('GET', path)).json();
      expect(body).toMatchObject({ status: 'UP', serviceCount: 1, instanceCount: 2, subscribeCount: 1 });
    }
  });
});
