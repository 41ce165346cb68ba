import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listeningTestApp, type TestApp } from '../../../test/helpers.js';
import { createLogger } from '../../shared/logger.js';
import { RequestPipeline } from '../http-common/request-pipeline.js';
import { apiAuthStage } from './api-auth-hook.js';
import { createConfigPublishFastPath } from './config-publish-fast-path.js';

const CONFIGS = '/nacos/v1/cs/configs';
const FORM = 'application/x-www-form-urlencoded';
const HEADERS = ['content-type', 'content-length'];

/** Publishes over real sockets take the fast path; every answer must equal the fastify route's. */
describe('config publish fast path', () => {
  let app: TestApp;
  let base: string;
  afterEach(() => app.dispose());

  const start = async (env: Record<string, string> = {}) => ({ app, base } = await listeningTestApp(env));

  type Sent = { method?: string; body: string; headers?: Record<string, string> };
  async function bothWays({ method = 'POST', body, headers = {} }: Sent) {
    const all = { 'content-type': FORM, ...headers };
    const viaSocket = await fetch(`${base}${CONFIGS}`, { method, body, headers: all });
    const viaRoutes = await app.sdkHttp.inject({ method: method as 'POST', url: CONFIGS, payload: body, headers: all });
    const pick = (get: (h: string) => string | null) => Object.fromEntries(HEADERS.map((h) => [h, get(h)]));
    return {
      socket: {
        status: viaSocket.status,
        headers: pick((h) => viaSocket.headers.get(h)),
        body: await viaSocket.text(),
      },
      routes: {
        status: viaRoutes.statusCode,
        headers: pick((h) => (viaRoutes.headers[h] === undefined ? null : String(viaRoutes.headers[h]))),
        body: viaRoutes.body,
      },
    };
  }

  it('publishes as the route does, and stores who sent it', async () => {
    await start();
    const sent = await bothWays({ body: 'dataId=a.yaml&group=G&tenant=dev&content=k%3A%20%E5%90%8D&src_user=ops' });
    expect(sent.socket).toEqual(sent.routes);
    expect(sent.socket).toMatchObject({
      status: 200,
      body: 'true',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(app.core.configs.get({ namespaceId: 'dev', group: 'G', dataId: 'a.yaml' })?.content).toBe('k: 名');
    const history = await app.core.configs.history({ namespaceId: 'dev', group: 'G', dataId: 'a.yaml' }, 0, 10);
    // the socket's publish (the route's changed nothing, so it left no entry)
    expect(history.items.map((h) => [h.srcUser, h.srcIp])).toEqual([['ops', '127.0.0.1']]);

    const cipher = await bothWays({ body: 'dataId=cipher-aes-b&group=G&content=Y2lwaGVy&encryptedDataKey=a2V5%3D' });
    expect(cipher.socket).toEqual(cipher.routes);
    expect(app.core.configs.get({ namespaceId: '', group: 'G', dataId: 'cipher-aes-b' })?.encryptedDataKey).toBe(
      'a2V5=',
    );

    const put = await bothWays({ method: 'PUT', body: 'dataId=a.yaml&group=G&namespaceId=dev&content=v2' });
    expect(put.socket).toEqual(put.routes);
    expect(app.core.configs.get({ namespaceId: 'dev', group: 'G', dataId: 'a.yaml' })?.content).toBe('v2');
  });

  it('refuses what the route refuses, with the same status and text', async () => {
    await start();
    await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'c', content: 'x' });
    const refused: Sent[] = [
      { body: 'dataId=a&group=G' }, // no content
      { body: 'group=G&content=x' }, // no dataId
      { body: 'dataId=a&group=G&content=x&tenant=dev&namespaceId=test' }, // two namespaces
      { body: 'dataId=a&group=G&content=%FF%FE' }, // not UTF-8
      { body: 'dataId=c&group=G&content=y', headers: { casMd5: 'not-the-md5' } }, // compare-and-set fails
      { body: 'dataId=c&group=G&content=y&casMd5=not-the-md5' },
      { body: 'dataId=c&group=G&content=beta', headers: { betaIps: ' , ' } }, // a beta release to no IP
      { body: 'dataId=c&group=G&content=tagged&tag=bad%20tag' }, // a tag release under a malformed tag
      { body: `dataId=c&group=G&content=z&encryptedDataKey=${'k'.repeat(1025)}` }, // a key over the limit
      { body: 'dataId=c&group=G&content=z&encryptedDataKey=cl%C3%A9' }, // not printable ASCII
      { body: '' },
    ];
    for (const request of refused) {
      const { socket, routes } = await bothWays(request);
      expect(socket, request.body).toEqual(routes);
      expect(socket.status, request.body).toBeGreaterThanOrEqual(400);
      expect(socket.status, request.body).toBeLessThan(500);
    }
    expect(app.core.configs.get({ namespaceId: '', group: 'G', dataId: 'c' })?.content).toBe('x');
    expect(app.core.configs.get({ namespaceId: '', group: 'G', dataId: 'a' })).toBeUndefined();
  });

  it('leaves bodies too large for the port to the route, which refuses them', async () => {
    await start({ RNACOS_CONFIG_MAX_CONTENT: '1024' });
    const body = `dataId=big&group=G&content=${'x'.repeat(200_000)}`;
    const { socket, routes } = await bothWays({ body });
    expect(socket).toEqual(routes);
    expect(socket.status).toBe(413);
  });

  it('takes form publishes itself and declines every other shape', async () => {
    await start();
    const fastPath = createConfigPublishFastPath({
      configs: app.core.configs,
      pipeline: new RequestPipeline(),
      logger: createLogger('silent'),
      bodyLimit: 1000,
    });
    const request = (method: string, url: string, headers: Record<string, string>) =>
      Object.assign(new EventEmitter(), { method, url, headers, socket: { remoteAddress: '::ffff:10.0.0.7' } });
    let answered: (sent: { status: number; body: unknown }) => void = () => undefined;
    const done = new Promise<{ status: number; body: unknown }>((resolve) => (answered = resolve));
    let status = 0;
    const res = {
      headersSent: false,
      destroyed: false,
      writeHead: (s: number) => (status = s),
      end: (body: unknown) => answered({ status, body }),
    } as unknown as ServerResponse;
    const form = { 'content-type': `${FORM}; charset=GBK`, 'content-length': '24' };

    const req = request('POST', CONFIGS, form);
    expect(fastPath(req as unknown as IncomingMessage, res)).toBe(true);
    req.emit('data', Buffer.from('dataId=f&group=G&content=v'));
    req.emit('end');
    expect(await done).toEqual({ status: 200, body: 'true' });
    const history = await app.core.configs.history({ namespaceId: '', group: 'G', dataId: 'f' }, 0, 1);
    expect(history.items[0]?.srcIp).toBe('10.0.0.7');

    const declined = [
      request('POST', `${CONFIGS}?dataId=f&group=G`, form), // a query string: fastify merges it
      request('GET', CONFIGS, form),
      request('DELETE', CONFIGS, form),
      request('POST', CONFIGS, { ...form, 'content-type': 'application/json' }),
      request('POST', CONFIGS, { 'content-type': FORM }), // no declared length
      request('POST', CONFIGS, { ...form, 'transfer-encoding': 'chunked' }),
      request('POST', CONFIGS, { ...form, 'content-length': '1001' }), // past the port's limit
    ];
    for (const r of declined)
      expect(fastPath(r as unknown as IncomingMessage, res), `${r.method} ${r.url}`).toBe(false);
  });

  it('leaves every publish to the routes while OpenAPI auth is on', async () => {
    await start({ RNACOS_ENABLE_OPEN_API_AUTH: 'true' });
    const token = (await app.core.auth.apiLogin('admin', 'admin')).token;
    const fastPath = createConfigPublishFastPath({
      configs: app.core.configs,
      pipeline: new RequestPipeline().use(apiAuthStage(app.core.apiAccess)),
      logger: createLogger('silent'),
      bodyLimit: 1000,
    });
    const req = { method: 'POST', url: CONFIGS, headers: { 'content-type': FORM, 'content-length': '20' } };
    expect(fastPath(req as unknown as IncomingMessage, {} as ServerResponse)).toBe(false);

    const publish = (body: string) =>
      fetch(`${base}${CONFIGS}`, { method: 'POST', body, headers: { 'content-type': FORM } });
    expect((await publish('dataId=a&group=G&content=x')).status).toBe(403);
    expect(app.core.configs.get({ namespaceId: '', group: 'G', dataId: 'a' })).toBeUndefined();
    expect(await (await publish(`dataId=a&group=G&content=x&accessToken=${token}`)).text()).toBe('true');
    expect(app.core.configs.get({ namespaceId: '', group: 'G', dataId: 'a' })?.content).toBe('x');
  });
});
