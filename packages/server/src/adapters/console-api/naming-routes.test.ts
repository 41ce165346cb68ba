import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, sessionFor, consoleAppWithAdmin, type ConsoleApp } from '../../../test/console-helpers.js';

describe('console services, instances and subscribers', () => {
  let app: ConsoleApp;
  let admin: string;
  beforeAll(async () => {
    ({ app, admin } = await consoleAppWithAdmin());
  });
  afterAll(() => app.dispose());

  const post = (path: string, json: unknown, token = admin) => call(app.console, 'POST', path, { token, json });
  const get = (path: string, query: Record<string, string>, token = admin) =>
    call(app.console, 'GET', path, { token, query });
  const key = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'order' };

  it('creates, lists, edits and removes services', async () => {
    expect(
      (
        await post('v2/service/add', {
          namespaceId: '',
          groupName: 'DEFAULT_GROUP',
          serviceName: 'order',
          protectThreshold: 0.5,
          metadata: '{"k":"v"}',
          selector: '',
          tenant: '',
        })
      ).json().data,
    ).toBe(true);
    await post('v2/service/add', { namespaceId: '', groupName: 'G2', serviceName: 'pay' });
    const list = (await get('v2/service/list', { namespaceId: '', pageNo: '1', pageSize: '10' })).json().data;
    expect(list.totalCount).toBe(2);
    expect(list.list[0]).toEqual({
      name: 'order',
      groupName: 'DEFAULT_GROUP',
      clusterCount: 0,
      ipCount: 0,
      healthyInstanceCount: 0,
      triggerFlag: false,
      metadata: '{"k":"v"}',
      protectThreshold: 0.5,
      selector: '',
    });
    const filtered = (
      await get('v2/service/list', { namespaceId: 'public', serviceNameParam: 'pa', groupNameParam: 'G' })
    ).json().data;
    expect(filtered.list.map((s: { name: string }) => s.name)).toEqual(['pay']);

    await post('v2/service/update', {
      namespaceId: '',
      groupName: 'DEFAULT_GROUP',
      serviceName: 'order',
      metadata: 'a=1,b=2',
    });
    expect(app.core.naming.getService(key)).toMatchObject({ protectThreshold: 0.5, metadata: { a: '1', b: '2' } });
    const selector = { type: 'label', expression: 'CONSUMER.label.zone = PROVIDER.label.zone' };
    await post('v2/service/update', {
      groupName: 'DEFAULT_GROUP',
      serviceName: 'order',
      selector: JSON.stringify(selector),
    });
    expect(app.core.naming.getService(key)?.selector).toEqual(selector);
    const edited = (await get('v2/service/list', { serviceNameParam: 'order' })).json().data.list[0];
    expect(JSON.parse(edited.selector)).toEqual(selector);
    const refused = await post('v2/service/update', { serviceName: 'order', selector: 'zone=a' });
    expect(refused.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    expect(
      (await post('v2/service/remove', { namespaceId: '', groupName: 'G2', serviceName: 'pay' })).json().data,
    ).toBe(true);
    expect((await post('v2/service/remove', { groupName: 'G2', serviceName: 'never' })).json().data).toBe(true);
  });

  it('adds instances, switches them off and on, edits weight and metadata, and removes them', async () => {
    await app.core.naming.registerInstance(key, { ip: '10.0.0.5', port: 8080, ephemeral: false });
    const list = (
      await get('v2/instance/list', { serviceName: 'order', groupName: 'DEFAULT_GROUP', namespaceId: 'public' })
    ).json().data;
    expect(list.totalCount).toBe(1);
    expect(list.list[0]).toMatchObject({
      ip: '10.0.0.5',
      port: 8080,
      weight: 1,
      healthy: true,
      enabled: true,
      ephemeral: false,
      clusterName: 'DEFAULT',
      groupService: 'DEFAULT_GROUP@@order',
      registerTime: expect.any(Number),
    });

    await post('v2/instance/update', {
      namespaceId: 'public',
      groupName: 'DEFAULT_GROUP',
      serviceName: 'order',
      ip: '10.0.0.5',
      port: 8080,
      enabled: false,
    });
    expect(app.core.naming.listInstances(key)[0]).toMatchObject({ enabled: false, weight: 1 });
    await post('v2/instance/update', {
      namespaceId: 'public',
      groupName: 'DEFAULT_GROUP',
      serviceName: 'order',
      ip: '10.0.0.5',
      port: '8080',
      enabled: true,
      weight: 2.5,
      metadata: '{"zone":"a"}',
      ephemeral: 'false',
    });
    expect(app.core.naming.listInstances(key)[0]).toMatchObject({
      enabled: true,
      weight: 2.5,
      metadata: { zone: 'a' },
    });

    const info = (await get('v2/instance/info', { serviceName: 'order', ip: '10.0.0.5', port: '8080' })).json().data;
    expect(info).toMatchObject({
      service: 'DEFAULT_GROUP@@order',
      ip: '10.0.0.5',
      port: 8080,
      weight: 2.5,
      enabled: true,
      ephemeral: false,
    });
    const services = (await get('v2/service/list', { namespaceId: 'public', serviceNameParam: 'order' })).json().data;
    expect(services.list[0]).toMatchObject({ ipCount: 1, healthyInstanceCount: 1 });

    const removeService = await post('v2/service/remove', { serviceName: 'order' });
    expect(removeService.json()).toMatchObject({ success: false, message: expect.stringContaining('instance') });
    expect((await post('v2/instance/remove', { serviceName: 'order', ip: '10.0.0.5', port: 8080 })).json().data).toBe(
      true,
    );
    expect(app.core.naming.listInstances(key)).toEqual([]);
  });

  it('reports bad instance and service input', async () => {
    const base = { serviceName: 'order', ip: '10.0.0.9' };
    expect((await post('v2/instance/update', base)).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: 'port is required',
    });
    expect((await post('v2/instance/update', { ...base, port: 70000 })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
    });
    expect((await post('v2/instance/update', { ...base, port: 1, weight: -1 })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
    });
    expect((await post('v2/instance/update', { serviceName: 'order', port: 1 })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: 'ip is required',
    });
    expect((await post('v2/service/add', { serviceName: 's', protectThreshold: 2 })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
    });
    expect((await post('v2/service/add', { serviceName: 's', metadata: '{bad' })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
    });
    expect((await post('v2/service/add', { groupName: 'G' })).json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: 'serviceName is required',
    });
    expect((await get('v2/instance/list', {})).json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    expect((await get('v2/instance/info', { serviceName: 'order', ip: '1.1.1.1', port: '1' })).json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
    });
  });

  it('lists UDP and connection subscribers', async () => {
    app.core.naming.subscribeUdp(key, { ip: '10.0.0.7', port: 5555 });
    app.core.naming.subscribeConnection(key, 'conn-1', { ip: '10.0.0.8', port: 6000 });
    const res = (
      await get('v2/service/subscriber/list', {
        namespaceId: 'public',
        serviceNameParam: 'ord',
        pageNo: '1',
        pageSize: '10',
      })
    ).json().data;
    expect(res.totalCount).toBe(2);
    expect(res.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          serviceName: 'order',
          groupName: 'DEFAULT_GROUP',
          namespaceId: 'public',
          ip: '10.0.0.7',
          port: 5555,
          type: 'udp',
        }),
        expect.objectContaining({ ip: '10.0.0.8', port: 6000, type: 'connection' }),
      ]),
    );
    const v1 = (
      await get('ns/service/subscribers', { namespaceId: 'public', serviceName: 'order', groupName: 'DEFAULT_GROUP' })
    ).json();
    expect(v1.count).toBe(2);
  });

  it('applies roles and namespace privileges', async () => {
    await app.core.auth.users.add({ username: 'guest', password: 'pw-password', roles: ['2'] });
    await app.core.auth.users.add({
      username: 'devOnly',
      password: 'pw-password',
      roles: ['1'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['dev'] },
    });
    const guest = await sessionFor(app, 'guest');
    expect((await get('v2/service/list', {}, guest)).json().success).toBe(true);
    expect((await post('v2/service/add', { serviceName: 'x' }, guest)).json().code).toBe('NO_PERMISSION');
    expect((await post('v2/instance/update', { serviceName: 'x', ip: '1.1.1.1', port: 1 }, guest)).json().code).toBe(
      'NO_PERMISSION',
    );
    const dev = await sessionFor(app, 'devOnly');
    expect((await post('v2/service/add', { namespaceId: 'dev', serviceName: 'x' }, dev)).json().data).toBe(true);
    expect((await post('v2/service/add', { serviceName: 'x' }, dev)).json().code).toBe('NO_NAMESPACE_PERMISSION');
    expect((await get('v2/service/list', { namespaceId: 'public' }, dev)).json().code).toBe('NO_NAMESPACE_PERMISSION');
    expect((await get('v2/instance/list', { serviceName: 'order' }, dev)).json().code).toBe('NO_NAMESPACE_PERMISSION');
    expect((await get('v2/service/subscriber/list', {}, dev)).json().code).toBe('NO_NAMESPACE_PERMISSION');
    const raw = await get('ns/services', { namespaceId: 'public' }, dev);
    expect(raw.statusCode).toBe(401);
    expect((await get('ns/services', { namespaceId: 'dev' }, dev)).json()).toMatchObject({
      count: 1,
      serviceList: [{ name: 'x' }],
    });
  });

  it('marks namespaces holding services', async () => {
    const list = (await call(app.console, 'GET', 'v2/namespaces/list', { token: admin })).json().data;
    expect(list).toContainEqual({ namespaceId: 'dev', namespaceName: 'dev', type: '8' });
    const refused = await post('v2/namespaces/remove', { namespaceId: 'dev' });
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'NAMESPACE_IN_USE',
      message: expect.stringContaining('namespace dev still holds'),
    });
  });
});
