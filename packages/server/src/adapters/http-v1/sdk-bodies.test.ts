import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * nacos servers read SDK parameters from the query string and form bodies only. nacos-client 1.4 (Java) labels
 * every request `application/json` whatever it sends, often with no body at all, so a body of any other type
 * must be ignored rather than parsed or refused.
 */
let app: TestApp;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(() => app.dispose());

const JSON_TYPE = 'application/json;charset=UTF-8';
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, contentType: string, payload?: string) =>
  app.sdkHttp.inject({ method, url, headers: { 'content-type': contentType }, payload });

describe('SDK routes with a body that is not a form', () => {
  it('removes a config on DELETE labelled application/json with an empty body (Java 1.4 removeConfig)', async () => {
    await app.core.configs.publish({ namespaceId: '', group: 'g', dataId: 'gone', content: 'x' });
    const res = await send('DELETE', '/nacos/v1/cs/configs?dataId=gone&group=g', JSON_TYPE);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('true');
    expect(app.core.configs.get({ namespaceId: '', group: 'g', dataId: 'gone' })).toBeUndefined();
  });

  it('creates a namespace from query parameters on a POST labelled application/json without a body', async () => {
    const res = await send('POST', '/nacos/v1/console/namespaces?customNamespaceId=ops&namespaceName=Ops', JSON_TYPE);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('true');
    expect(app.core.namespaces.get('ops')).toMatchObject({ namespaceName: 'Ops' });
  });

  it('publishes from the query when the body is JSON: the body is ignored, not read and not refused', async () => {
    const res = await send(
      'POST',
      '/nacos/v1/cs/configs?dataId=q&group=g&content=from-query',
      'application/json',
      '{"content":"from-body","type":"yaml"}',
    );
    expect(res.body).toBe('true');
    expect(app.core.configs.get({ namespaceId: '', group: 'g', dataId: 'q' })).toMatchObject({
      content: 'from-query',
      type: 'text',
    });
  });

  it('ignores malformed JSON and text bodies on naming routes', async () => {
    const register = await send(
      'POST',
      '/nacos/v1/ns/instance?serviceName=svc&ip=10.0.0.1&port=80',
      'application/json',
      'not json',
    );
    expect(register.statusCode).toBe(200);
    expect(register.body).toBe('ok');
    const deregister = await send(
      'DELETE',
      '/nacos/v1/ns/instance?serviceName=svc&ip=10.0.0.1&port=80',
      'text/plain',
      'anything',
    );
    expect(deregister.body).toBe('ok');
    expect(
      app.core.naming.listInstances({ namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'svc' }),
    ).toEqual([]);
  });

  it('still reads form bodies', async () => {
    const res = await send(
      'POST',
      '/nacos/v1/cs/configs',
      'application/x-www-form-urlencoded',
      'dataId=f&group=g&content=form',
    );
    expect(res.body).toBe('true');
    expect(app.core.configs.get({ namespaceId: '', group: 'g', dataId: 'f' })?.content).toBe('form');
  });
});
