import { afterEach, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listeningTestApp, type TestApp } from '../../../test/helpers.js';
import { RequestPipeline } from '../http-common/request-pipeline.js';
import { createConfigFastPath } from './config-fast-path.js';

/** Config reads over real sockets take the fast path; its answers must equal the fastify route's. */
describe('config fast path', () => {
  let app: TestApp;
  let base: string;
  afterEach(() => app.dispose());

  const start = async (env: Record<string, string> = {}) => ({ app, base } = await listeningTestApp(env));

  const HEADERS = [
    'content-type',
    'config-type',
    'content-md5',
    'last-modified',
    'pragma',
    'expires',
    'cache-control',
    'content-length',
    'encrypted-data-key',
  ];
  async function bothWays(query: string) {
    const viaSocket = await fetch(`${base}/nacos/v1/cs/configs?${query}`);
    const viaRoutes = await app.sdkHttp.inject({ method: 'GET', url: `/nacos/v1/cs/configs?${query}` });
    const socketHeaders = Object.fromEntries(HEADERS.map((h) => [h, viaSocket.headers.get(h)]));
    const routeHeaders = Object.fromEntries(
      HEADERS.map((h) => [h, viaRoutes.headers[h] === undefined ? null : String(viaRoutes.headers[h])]),
    );
    return {
      socket: { status: viaSocket.status, headers: socketHeaders, body: await viaSocket.text() },
      routes: { status: viaRoutes.statusCode, headers: routeHeaders, body: viaRoutes.body },
    };
  }

  it('answers a config, its change and its absence exactly as the route does', async () => {
    await start();
    await app.core.configs.publish({
      namespaceId: 'dev',
      group: 'G',
      dataId: 'a.json',
      content: '{"名":1}',
      type: 'json',
    });
    const found = await bothWays('dataId=a.json&group=G&tenant=dev');
    expect(found.socket).toEqual(found.routes);
    expect(found.socket).toMatchObject({
      status: 200,
      body: '{"名":1}',
      headers: { 'content-type': 'application/json;charset=UTF-8', 'config-type': 'json' },
    });

    await app.core.configs.publish({ namespaceId: 'dev', group: 'G', dataId: 'a.json', content: '{"名":2}' });
    const changed = await bothWays('dataId=a.json&group=G&tenant=dev');
    expect(changed.socket).toEqual(changed.routes);
    expect(changed.socket.body).toBe('{"名":2}');
    expect(changed.socket.headers['content-md5']).not.toBe(found.socket.headers['content-md5']);

    const missing = await bothWays('dataId=none&group=G');
    expect(missing.socket).toEqual(missing.routes);
    expect(missing.socket).toMatchObject({ status: 404, body: 'config data not exist\n' });
  });

  it('answers the Encrypted-Data-Key header of an encrypted config as the route does, and none for a plain one', async () => {
    await start();
    const cipher = { namespaceId: '', group: 'G', dataId: 'cipher-aes-a.yaml' };
    await app.core.configs.publish({ ...cipher, content: 'Y2lwaGVy', encryptedDataKey: 'a2V5' });
    const encrypted = await bothWays('dataId=cipher-aes-a.yaml&group=G');
    expect(encrypted.socket).toEqual(encrypted.routes);
    expect(encrypted.socket).toMatchObject({
      status: 200,
      body: 'Y2lwaGVy',
      headers: { 'encrypted-data-key': 'a2V5' },
    });
    await app.core.configs.publish({ ...cipher, content: 'plain' });
    const plain = await bothWays('dataId=cipher-aes-a.yaml&group=G');
    expect(plain.socket).toEqual(plain.routes);
    expect(plain.socket).toMatchObject({ body: 'plain', headers: { 'encrypted-data-key': null } });
  });

  it('takes plain reads itself and declines searches, bodies and bad keys', async () => {
    await start();
    await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'a', content: 'x' });
    const fastPath = createConfigFastPath({ configs: app.core.configs, pipeline: new RequestPipeline() });
    const sent: Array<{ status: number; body: unknown }> = [];
    const res = {
      writeHead: (status: number) => sent.push({ status, body: undefined }),
      end: (body: unknown) => (sent[sent.length - 1].body = body),
    } as unknown as ServerResponse;
    const req = (url: string, headers: Record<string, string> = {}) =>
      ({ url, method: 'GET', headers }) as unknown as IncomingMessage;
    expect(fastPath(req('/nacos/v1/cs/configs?dataId=a&group=G'), res)).toBe(true);
    expect(sent).toEqual([{ status: 200, body: 'x' }]);
    expect(fastPath(req('/nacos/v1/cs/configs?dataId=a&group=G&search=accurate'), res)).toBe(false);
    expect(fastPath(req('/nacos/v1/cs/configs?dataId=a&group=G', { 'content-length': '3' }), res)).toBe(false);
    expect(fastPath(req('/nacos/v1/cs/configs?group=G'), res)).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('leaves searches and bad keys to the routes', async () => {
    await start();
    await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'a', content: 'x' });
    const search = await fetch(`${base}/nacos/v1/cs/configs?search=accurate&dataId=a&group=G`);
    expect(await search.json()).toMatchObject({ totalCount: 1, pageItems: [{ dataId: 'a', content: 'x' }] });
    const bad = await fetch(`${base}/nacos/v1/cs/configs?group=G`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('dataId');
  });

  it('leaves a request without a token to the routes while OpenAPI auth is on', async () => {
    await start({ RNACOS_ENABLE_OPEN_API_AUTH: 'true' });
    await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'a', content: 'x' });
    const res = await fetch(`${base}/nacos/v1/cs/configs?dataId=a&group=G`);
    expect(res.status).toBe(403);
  });
});
