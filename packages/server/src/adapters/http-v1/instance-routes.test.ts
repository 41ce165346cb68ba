import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';
import { ManualClock } from '../../shared/clock.js';

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('HTTP v1 instance routes', () => {
  let app: TestApp;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock();
    app = await buildTestApp({ clock });
  });
  afterEach(() => app.dispose());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', path: string, params: Record<string, string>) =>
    app.sdkHttp.inject({ method, url: `/nacos/v1/ns${path}?${qs(params)}` });
  const register = (params: Record<string, string>) => call('POST', '/instance', params);
  const list = async (params: Record<string, string>) => {
    const res = await call('GET', '/instance/list', params);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('registers with query params and lists in the shape clients parse', async () => {
    const res = await register({
      serviceName: 'DEFAULT_GROUP@@order',
      groupName: 'DEFAULT_GROUP',
      ip: '10.0.0.5',
      port: '8080',
      weight: '2',
      enable: 'true',
      healthy: 'true',
      ephemeral: 'true',
      metadata: '{"version":"1"}',
      namespaceId: 'public',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('ok');
    const body = await list({ serviceName: 'DEFAULT_GROUP@@order', clusters: '', healthyOnly: 'false' });
    expect(body).toMatchObject({
      name: 'DEFAULT_GROUP@@order',
      dom: 'DEFAULT_GROUP@@order',
      clusters: '',
      cacheMillis: 3000,
    });
    expect(typeof body.checksum).toBe('string');
    expect(typeof body.lastRefTime).toBe('number');
    expect(body.hosts).toEqual([
      {
        instanceId: '10.0.0.5#8080#DEFAULT#DEFAULT_GROUP@@order',
        ip: '10.0.0.5',
        port: 8080,
        weight: 2,
        healthy: true,
        valid: true,
        marked: false,
        enabled: true,
        ephemeral: true,
        clusterName: 'DEFAULT',
        serviceName: 'DEFAULT_GROUP@@order',
        metadata: { version: '1' },
      },
    ]);
  });

  it('accepts form bodies, plain names with groupName, and legacy k=v metadata', async () => {
    const res = await app.sdkHttp.inject({
      method: 'POST',
      url: '/nacos/v1/ns/instance',
      ...form({
        serviceName: 'pay',
        groupName: 'G1',
        ip: '10.0.0.1',
        port: '1',
        clusterName: 'C1',
        metadata: 'a=1,b=2',
      }),
    });
    expect(res.statusCode).toBe(200);
    const body = await list({ serviceName: 'G1@@pay', clusters: 'C1' });
    expect(body.clusters).toBe('C1');
    expect(body.hosts[0]).toMatchObject({ clusterName: 'C1', metadata: { a: '1', b: '2' }, serviceName: 'G1@@pay' });
    expect((await list({ serviceName: 'pay', groupName: 'G1', clusters: 'OTHER' })).hosts).toEqual([]);
  });

  it('refuses to mix ephemeral and persistent instances in one service, with the message of nacos 2.x', async () => {
    await register({ serviceName: 'db', ip: '10.0.0.1', port: '5432', ephemeral: 'false' });
    const refused = await register({ serviceName: 'db', ip: '10.0.0.2', port: '5432' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      "Current service DEFAULT_GROUP@@db is persistent service, can't register ephemeral instance.",
    );
    await register({ serviceName: 'web', ip: '10.0.0.1', port: '80' });
    const reverse = await register({ serviceName: 'web', ip: '10.0.0.2', port: '80', ephemeral: 'false' });
    expect(reverse.statusCode).toBe(400);
    expect(reverse.body).toContain("is ephemeral service, can't register persistent instance.");
    expect((await list({ serviceName: 'web' })).hosts).toHaveLength(1);
  });

  it('filters healthyOnly and answers unknown services with an empty list', async () => {
    await register({ serviceName: 's', ip: '10.0.0.1', port: '1' });
    await register({ serviceName: 's', ip: '10.0.0.2', port: '1', healthy: 'false' });
    expect((await list({ serviceName: 's' })).hosts).toHaveLength(2);
    expect((await list({ serviceName: 's', healthyOnly: 'true' })).hosts.map((h: { ip: string }) => h.ip)).toEqual([
      '10.0.0.1',
    ]);
    const unknown = await list({ serviceName: 'DEFAULT_GROUP@@nothing', clusters: 'X' });
    expect(unknown).toMatchObject({ name: 'DEFAULT_GROUP@@nothing', clusters: 'X', hosts: [] });
  });

  it('keeps namespaces apart; blank namespaceId is public', async () => {
    await register({ serviceName: 's', ip: '10.0.0.1', port: '1', namespaceId: 'dev' });
    await register({ serviceName: 's', ip: '10.0.0.2', port: '1', namespaceId: '' });
    expect((await list({ serviceName: 's', namespaceId: 'dev' })).hosts.map((h: { ip: string }) => h.ip)).toEqual([
      '10.0.0.1',
    ]);
    expect((await list({ serviceName: 's', namespaceId: 'public' })).hosts.map((h: { ip: string }) => h.ip)).toEqual([
      '10.0.0.2',
    ]);
  });

  it('makes a list poller with udpPort a subscriber at its own address, whatever clientIP says', async () => {
    // pushes to the address a poller names would let anyone aim them at a third party
    await list({ serviceName: 's', clientIP: '10.1.1.1', udpPort: '5353', clusters: 'DEFAULT' });
    const res = await call('GET', '/service/subscribers', { serviceName: 's' });
    expect(res.json()).toMatchObject({
      count: 1,
      subscribers: [{ ip: '127.0.0.1', port: 5353, cluster: 'DEFAULT', type: 'udp' }],
    });
  });

  it('shows, updates, patches and deregisters one instance', async () => {
    await register({ serviceName: 's', ip: '10.0.0.1', port: '1', metadata: '{"a":"1"}' });
    const detail = await call('GET', '/instance', { serviceName: 's', ip: '10.0.0.1', port: '1' });
    expect(detail.json()).toMatchObject({
      service: 'DEFAULT_GROUP@@s',
      ip: '10.0.0.1',
      port: 1,
      clusterName: 'DEFAULT',
      healthy: true,
    });

    expect(
      (await call('PUT', '/instance', { serviceName: 's', ip: '10.0.0.1', port: '1', weight: '5', enabled: 'false' }))
        .body,
    ).toBe('ok');
    expect((await list({ serviceName: 's' })).hosts).toEqual([]);
    expect(
      (await call('PATCH', '/instance', { serviceName: 's', ip: '10.0.0.1', port: '1', enabled: 'true' })).body,
    ).toBe('ok');
    expect((await list({ serviceName: 's' })).hosts[0]).toMatchObject({
      weight: 5,
      enabled: true,
      metadata: { a: '1' },
    });
    await register({ serviceName: 's', ip: '10.0.0.2', port: '1', instanceId: 'my-id' });
    expect((await call('GET', '/instance', { serviceName: 's', ip: '10.0.0.2', port: '1' })).json().instanceId).toBe(
      'my-id',
    );
    await call('DELETE', '/instance', { serviceName: 's', ip: '10.0.0.2', port: '1' });

    const missing = await call('PATCH', '/instance', { serviceName: 's', ip: '10.0.0.9', port: '1', weight: '1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('instance not found');

    expect((await call('DELETE', '/instance', { serviceName: 's', ip: '10.0.0.1', port: '1' })).body).toBe('ok');
    expect((await call('DELETE', '/instance', { serviceName: 's', ip: '10.0.0.1', port: '1' })).body).toBe('ok');
    expect((await call('GET', '/instance', { serviceName: 's', ip: '10.0.0.1', port: '1' })).statusCode).toBe(404);
  });

  it('answers beats: registers from a beat body, 20404 without one', async () => {
    const beat = JSON.stringify({
      serviceName: 'DEFAULT_GROUP@@s',
      ip: '10.0.0.1',
      port: 8080,
      cluster: 'DEFAULT',
      weight: 1,
      metadata: { m: 'x' },
      scheduled: false,
    });
    const res = await call('PUT', '/instance/beat', { beat, namespaceId: 'public', serviceName: 'DEFAULT_GROUP@@s' });
    expect(res.json()).toEqual({ clientBeatInterval: 5000, code: 10200, lightBeatEnabled: true });
    expect((await list({ serviceName: 'DEFAULT_GROUP@@s' })).hosts[0]).toMatchObject({
      ip: '10.0.0.1',
      metadata: { m: 'x' },
    });

    const light = await call('PUT', '/instance/beat', {
      serviceName: 'DEFAULT_GROUP@@s',
      ip: '10.0.0.2',
      port: '8080',
    });
    expect(light.json()).toEqual({ clientBeatInterval: 5000, code: 20404 });
  });

  it('tells the beat interval from preserved metadata', async () => {
    await register({
      serviceName: 's',
      ip: '10.0.0.1',
      port: '1',
      metadata: '{"preserved.heart.beat.interval":"2000"}',
    });
    const res = await call('PUT', '/instance/beat', { serviceName: 's', ip: '10.0.0.1', port: '1' });
    expect(res.json()).toMatchObject({ clientBeatInterval: 2000, code: 10200 });
  });

  it('follows the health timeline: unhealthy after 15 s of silence, removed after 30 s', async () => {
    await register({ serviceName: 's', ip: '10.0.0.1', port: '1' });
    await register({ serviceName: 's', ip: '10.0.0.2', port: '1' });
    const healthOf = async (ip: string) =>
      (await call('GET', '/instance', { serviceName: 's', ip, port: '1' })).json().healthy;
    const beat = () => call('PUT', '/instance/beat', { serviceName: 's', ip: '10.0.0.2', port: '1' });

    clock.advance(10_000);
    await beat();
    clock.advance(6_000);
    app.core.naming.tick();
    expect(await healthOf('10.0.0.1')).toBe(false);
    expect(await healthOf('10.0.0.2')).toBe(true);
    expect((await list({ serviceName: 's', healthyOnly: 'true' })).hosts.map((h: { ip: string }) => h.ip)).toEqual([
      '10.0.0.2',
    ]);

    await call('PUT', '/instance/beat', { serviceName: 's', ip: '10.0.0.1', port: '1' });
    expect(await healthOf('10.0.0.1')).toBe(true);

    clock.advance(30_001);
    app.core.naming.tick();
    expect((await list({ serviceName: 's' })).hosts).toEqual([]);
  });

  it('keeps persistent instances and their health flag across a restart', async () => {
    await register({ serviceName: 's', ip: '10.0.0.1', port: '1', ephemeral: 'false', healthy: 'false' });
    clock.advance(120_000);
    app.core.naming.tick();
    await app.close();
    const again = await buildTestApp({ clock, dataDir: app.dataDir });
    try {
      const res = await again.sdkHttp.inject({
        method: 'GET',
        url: '/nacos/v1/ns/instance?serviceName=s&ip=10.0.0.1&port=1',
      });
      expect(res.json()).toMatchObject({ healthy: false, ephemeral: false });
    } finally {
      await again.close();
    }
  });

  it('rejects bad input with 400 and a message', async () => {
    const base = { serviceName: 's', ip: '10.0.0.1', port: '1' };
    const cases: Array<[string, Record<string, string>]> = [
      ['ip is required', { ...base, ip: '' }],
      ['invalid ip', { ...base, ip: 'no such host!' }],
      ['port is required', { serviceName: 's', ip: '10.0.0.1' }],
      ['port must be a whole number', { ...base, port: 'abc' }],
      ['invalid port', { ...base, port: '0' }],
      ['invalid port', { ...base, port: '65536' }],
      ['weight must be a number', { ...base, weight: 'heavy' }],
      ['invalid weight', { ...base, weight: '-1' }],
      ['metadata is not valid JSON', { ...base, metadata: '{oops' }],
      ['metadata must be a JSON object', { ...base, metadata: '[1,2]' }],
      ['healthy must be true or false', { ...base, healthy: 'maybe' }],
      ['serviceName is required', { ip: '10.0.0.1', port: '1' }],
      ['group before "@@" is empty', { ...base, serviceName: '@@s' }],
      ['invalid namespaceId', { ...base, namespaceId: 'a b' }],
      ['invalid clusterName', { ...base, clusterName: 'a,b' }],
    ];
    for (const [message, params] of cases) {
      const res = await register(params);
      expect(res.statusCode, message).toBe(400);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain(message);
    }
    const badBeat = await call('PUT', '/instance/beat', { serviceName: 's', beat: '{not json' });
    expect(badBeat.statusCode).toBe(400);
    const badUdp = await call('GET', '/instance/list', { serviceName: 's', udpPort: '99999' });
    expect(badUdp.statusCode).toBe(400);
    expect(app.core.naming.stats().instanceCount).toBe(0);
  });
});
