import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createConfigFastPath } from '../http-v1/config-fast-path.js';
import { createNamingFastPath } from '../http-v1/naming-fast-path.js';
import { RequestPipeline, type PlainRequest } from './request-pipeline.js';

const fakeRes = () => ({ writeHead: () => undefined, end: () => undefined }) as unknown as ServerResponse;
const get = (url: string, method = 'GET') => ({ url, method, headers: {}, socket: {} }) as unknown as IncomingMessage;

describe('the SDK port request pipeline', () => {
  let app: TestApp;
  afterEach(() => app?.dispose());

  it('runs a stage added later for the requests the fast paths answer, as for the routes', async () => {
    app = await buildTestApp();
    await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'a', content: 'x' });
    const seen: string[] = [];
    const pipeline = new RequestPipeline().use({ name: 'probe', after: (route) => seen.push(route) });
    const configs = createConfigFastPath({ configs: app.core.configs, pipeline });
    const naming = createNamingFastPath({ naming: app.core.naming, udpPush: false, pipeline });
    expect(configs(get('/nacos/v1/cs/configs?dataId=a&group=G'), fakeRes())).toBe(true);
    expect(naming(get('/nacos/v1/ns/instance/list?serviceName=s'), fakeRes())).toBe(true);
    expect(naming(get('/nacos/v1/ns/instance/beat?serviceName=s&ip=1.1.1.1&port=1', 'PUT'), fakeRes())).toBe(true);

    const routes = Fastify();
    pipeline.install(routes);
    routes.get('/nacos/v1/ns/service/list', async () => 'ok');
    await routes.inject({ method: 'GET', url: '/nacos/v1/ns/service/list' });
    await routes.close();
    expect(seen).toEqual([
      '/nacos/v1/cs/configs',
      '/nacos/v1/ns/instance/list',
      '/nacos/v1/ns/instance/beat',
      '/nacos/v1/ns/service/list',
    ]);
  });

  it('sends every request through the routes while a stage must see it first, and runs that stage there', async () => {
    app = await buildTestApp();
    const checked: string[] = [];
    const pipeline = new RequestPipeline().use({
      name: 'gate',
      async before(req, reply) {
        checked.push(req.url);
        if (req.url.includes('secret')) await reply.code(403).send('no');
      },
    });
    const configs = createConfigFastPath({ configs: app.core.configs, pipeline });
    expect(configs(get('/nacos/v1/cs/configs?dataId=a&group=G'), fakeRes())).toBe(false);

    const routes = Fastify();
    pipeline.install(routes);
    routes.get('/nacos/v1/cs/configs', async () => 'config');
    expect((await routes.inject({ method: 'GET', url: '/nacos/v1/cs/configs?dataId=a' })).body).toBe('config');
    const refused = await routes.inject({ method: 'GET', url: '/nacos/v1/cs/configs?dataId=secret' });
    expect(refused.statusCode).toBe(403);
    await routes.close();
    expect(checked).toEqual(['/nacos/v1/cs/configs?dataId=a', '/nacos/v1/cs/configs?dataId=secret']);
  });

  it('lets a fast path answer what every such stage admits at once, judged on the namespace it reads', async () => {
    app = await buildTestApp();
    await app.core.configs.publish({ namespaceId: 'dev', group: 'G', dataId: 'a', content: 'x' });
    const judged: PlainRequest[] = [];
    const gate = (admit: boolean) => ({
      name: 'gate',
      before: async () => undefined,
      admitsNow: (request: PlainRequest) => (judged.push(request), admit),
    });
    const open = createConfigFastPath({ configs: app.core.configs, pipeline: new RequestPipeline().use(gate(true)) });
    const url = '/nacos/v1/cs/configs?dataId=a&group=G&namespaceId=dev&accessToken=t';
    const req = { url, method: 'GET', headers: { accesstoken: 'h' }, socket: { remoteAddress: '::ffff:10.1.2.3' } };
    expect(open(req as unknown as IncomingMessage, fakeRes())).toBe(true);
    expect(judged).toEqual([
      {
        route: '/nacos/v1/cs/configs',
        method: 'GET',
        headers: { accesstoken: 'h' },
        params: { dataId: 'a', group: 'G', namespaceId: 'dev', accessToken: 't' },
        ip: '10.1.2.3',
        namespaceId: 'dev',
      },
    ]);
    const shut = new RequestPipeline().use(gate(true)).use(gate(false));
    expect(createConfigFastPath({ configs: app.core.configs, pipeline: shut })(req as never, fakeRes())).toBe(false);
  });

  it('leaves out inactive stages', () => {
    const pipeline = new RequestPipeline().use({ name: 'off', active: false, before: async () => undefined });
    expect(pipeline.fastPathsOpen).toBe(true);
  });
});
