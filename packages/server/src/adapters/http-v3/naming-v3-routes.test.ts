import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, listeningTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
let base: string;
beforeAll(async () => {
  ({ app, base } = await listeningTestApp());
});
afterAll(() => app.dispose());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, fields: Record<string, string> = {}) =>
  method === 'POST' || method === 'PUT'
    ? app.sdkHttp.inject({ method, url: path, ...form(fields) })
    : app.sdkHttp.inject({ method, url: `${path}?${new URLSearchParams(fields)}` });

const CLIENT = '/nacos/v3/client/ns/instance';
const INSTANCE = '/nacos/v3/admin/ns/instance';
const SERVICE = '/nacos/v3/admin/ns/service';

describe('/nacos/v3/client/ns/instance', () => {
  it('registers, lists and deregisters over a real socket', async () => {
    const fields = { serviceName: 'orders', groupName: 'G', ip: '10.1.0.1', port: '8080', weight: '2' };
    const registered = await fetch(`${base}${CLIENT}`, {
      method: 'POST',
      body: new URLSearchParams({ ...fields, metadata: '{"zone":"a"}' }),
    });
    expect(await registered.json()).toEqual({ code: 0, message: 'success', data: 'ok' });
    const list = await (await fetch(`${base}${CLIENT}/list?serviceName=orders&groupName=G`)).json();
    expect(list.data).toEqual([
      expect.objectContaining({ ip: '10.1.0.1', port: 8080, weight: 2, healthy: true, metadata: { zone: 'a' } }),
    ]);
    const removed = await fetch(`${base}${CLIENT}?${new URLSearchParams(fields)}`, { method: 'DELETE' });
    expect((await removed.json()).data).toBe('ok');
    expect((await call('GET', `${CLIENT}/list`, { serviceName: 'orders', groupName: 'G' })).json().data).toEqual([]);
  });

  it('beats with heartBeat=true; an unknown instance hears 21003 (status 200, as nacos)', async () => {
    const fields = { serviceName: 'beats', ip: '10.1.0.2', port: '80' };
    await call('POST', CLIENT, fields);
    expect((await call('POST', CLIENT, { ...fields, heartBeat: 'true' })).json().data).toBe('ok');
    const unknown = await call('POST', CLIENT, { ...fields, port: '81', heartBeat: 'true' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ code: 21003, message: 'instance not found', data: null });
  });

  it('names the first missing parameter as nacos does (10000), and refuses bad values (20002)', async () => {
    expect((await call('POST', CLIENT, { ip: '10.0.0.1', port: '1' })).json().data).toContain("'serviceName'");
    expect((await call('POST', CLIENT, { serviceName: 's', port: '1' })).json().data).toContain("'ip'");
    expect((await call('POST', CLIENT, { serviceName: 's', ip: '10.0.0.1' })).json().data).toContain("'port'");
    const badPort = await call('POST', CLIENT, { serviceName: 's', ip: '10.0.0.1', port: 'x' });
    expect(badPort.statusCode).toBe(400);
    expect(badPort.json().code).toBe(20002);
    const badWeight = await call('POST', CLIENT, { serviceName: 's', ip: '10.0.0.1', port: '1', weight: '-1' });
    expect(badWeight.json().code).toBe(20002);
  });
});

describe('/nacos/v3/admin/ns/service and /instance', () => {
  it('creates, shows, lists, updates and removes a service', async () => {
    const svc = { serviceName: 'catalog', groupName: 'G', namespaceId: 'public' };
    expect((await call('POST', SERVICE, { ...svc, protectThreshold: '0.5', metadata: '{"k":"v"}' })).json().data).toBe(
      'ok',
    );
    const detail = (await call('GET', SERVICE, svc)).json().data;
    expect(detail).toMatchObject({
      serviceName: 'catalog',
      groupName: 'G',
      protectThreshold: 0.5,
      metadata: { k: 'v' },
    });
    const list = (
      await call('GET', `${SERVICE}/list`, { serviceNameParam: 'cat', ignoreEmptyService: 'false', pageNo: '1' })
    ).json().data;
    expect(list).toMatchObject({ totalCount: 1, pageItems: [{ name: 'catalog', groupName: 'G', ipCount: 0 }] });
    expect((await call('PUT', SERVICE, { ...svc, protectThreshold: '0.1', selector: 'null' })).json().data).toBe('ok');
    expect((await call('GET', SERVICE, svc)).json().data.protectThreshold).toBe(0.1);
    expect((await call('DELETE', SERVICE, svc)).json().data).toBe('ok');
    const gone = await call('GET', SERVICE, svc);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(21008);
    expect((await call('PUT', SERVICE, { ...svc, protectThreshold: '0.1' })).json().code).toBe(21008);
    expect((await call('POST', SERVICE, { ...svc, protectThreshold: '2' })).json().code).toBe(20002);
    expect((await call('GET', `${SERVICE}/selector/types`)).json().data).toEqual(['none', 'label']);
  });

  it('registers, updates, partially updates, shows and lists instances', async () => {
    const inst = { serviceName: 'pay', ip: '10.2.0.1', port: '9000', ephemeral: 'false' };
    expect((await call('POST', INSTANCE, { ...inst, weight: '1' })).json().data).toBe('ok');
    await call('PUT', INSTANCE, { ...inst, weight: '5', enabled: 'false' });
    await call('PUT', `${INSTANCE}/partial`, { ...inst, metadata: '{"v":"2"}' });
    const detail = (await call('GET', INSTANCE, inst)).json().data;
    expect(detail).toMatchObject({ ip: '10.2.0.1', port: 9000, weight: 5, enabled: false, metadata: { v: '2' } });
    // the admin list shows disabled instances too; the client list does not
    expect((await call('GET', `${INSTANCE}/list`, { serviceName: 'pay' })).json().data).toHaveLength(1);
    expect((await call('GET', `${CLIENT}/list`, { serviceName: 'pay' })).json().data).toHaveLength(0);
    const missing = await call('GET', INSTANCE, { ...inst, port: '9001' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(21003);
    expect((await call('PUT', `${INSTANCE}/partial`, { ...inst, port: '9001' })).json().code).toBe(21003);
    expect((await call('DELETE', INSTANCE, inst)).json().data).toBe('ok');
    const subscribers = (await call('GET', `${SERVICE}/subscribers`, { serviceName: 'pay' })).json().data;
    expect(subscribers).toMatchObject({ totalCount: 0, pageItems: [] });
  });
});
