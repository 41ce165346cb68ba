import { afterEach, describe, expect, it } from 'vitest';
import { listeningTestApp, type TestApp } from '../../../test/helpers.js';

/** Polls and beats over real sockets take the fast path; its answers must equal the fastify routes'. */
describe('naming fast path', () => {
  let app: TestApp;
  let base: string;
  afterEach(() => app.dispose());

  const start = async (env: Record<string, string> = {}) => ({ app, base } = await listeningTestApp(env));

  const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

  it('answers list polls exactly as the routes do, and subscribes the poller', async () => {
    await start();
    await app.sdkHttp.inject({
      method: 'POST',
      url: `/nacos/v1/ns/instance?${qs({ serviceName: 's', ip: '10.0.0.1', port: '80' })}`,
    });
    const query = qs({
      serviceName: 'DEFAULT_GROUP@@s',
      clusters: '',
      healthyOnly: 'false',
      clientIP: '10.9.9.9',
      udpPort: '4000',
    });
    const viaSocket = await fetch(`${base}/nacos/v1/ns/instance/list?${query}`);
    const viaRoutes = await app.sdkHttp.inject({ method: 'GET', url: `/nacos/v1/ns/instance/list?${query}` });
    expect(viaSocket.status).toBe(200);
    expect(viaSocket.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    expect(await viaSocket.text()).toBe(viaRoutes.body);
    // both polls subscribe the same address, the caller's own, not the clientIP it names
    expect(app.core.naming.listSubscribers({ serviceName: 's' }).map((s) => `${s.ip}:${s.port}`)).toEqual([
      '127.0.0.1:4000',
    ]);
  });

  it('answers beats from the query, and leaves bodies and bad input to the routes', async () => {
    await start();
    const beat = JSON.stringify({ serviceName: 'DEFAULT_GROUP@@s', ip: '10.0.0.1', port: 80, cluster: 'DEFAULT' });
    const res = await fetch(`${base}/nacos/v1/ns/instance/beat?${qs({ serviceName: 'DEFAULT_GROUP@@s', beat })}`, {
      method: 'PUT',
    });
    expect(await res.json()).toEqual({ clientBeatInterval: 5000, code: 10200, lightBeatEnabled: true });

    // Java 1.x sends the beat JSON in a form body: handled by the routes, same answer.
    const form = await fetch(`${base}/nacos/v1/ns/instance/beat?${qs({ serviceName: 'DEFAULT_GROUP@@s' })}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: qs({ beat: JSON.stringify({ ip: '10.0.0.2', port: 80 }) }),
    });
    expect(await form.json()).toMatchObject({ code: 10200 });
    expect(
      app.core.naming.listInstances({ namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 's' }),
    ).toHaveLength(2);

    const bad = await fetch(
      `${base}/nacos/v1/ns/instance/beat?${qs({ serviceName: 's', ip: '10.0.0.1', port: 'eighty' })}`,
      { method: 'PUT' },
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('port');
  });

  it('leaves a request without a token to the routes while OpenAPI auth is on', async () => {
    await start({ RNACOS_ENABLE_OPEN_API_AUTH: 'true' });
    const res = await fetch(`${base}/nacos/v1/ns/instance/list?${qs({ serviceName: 's' })}`);
    expect(res.status).toBe(403);
  });
});
