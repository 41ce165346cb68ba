import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../shared/logger.js';
import { FastifyPort } from './fastify-port.js';

const logger = createLogger('silent');
const timeouts = { stallTimeoutMs: 20_000, idleTimeoutMs: 60_000 };

describe('FastifyPort', () => {
  it('opens the port at once and builds the console on the first request only', async () => {
    let builds = 0;
    let closed = false;
    const port = new FastifyPort({
      name: 'console',
      keepAliveTimeoutMs: 5000,
      timeouts,
      logger,
      build: async () => {
        builds++;
        const app = Fastify();
        app.get('/rnacos/ping', async () => ({ pong: true }));
        app.addHook('onClose', async () => {
          closed = true;
        });
        return app;
      },
    });
    const url = await port.listen(0, '0.0.0.0');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(builds).toBe(0);
    const [a, b] = await Promise.all([fetch(`${url}/rnacos/ping`), fetch(`${url}/rnacos/ping`)]);
    expect(await a.json()).toEqual({ pong: true });
    expect(b.status).toBe(200);
    expect((await fetch(`${url}/rnacos/none`)).status).toBe(404);
    expect(builds).toBe(1);
    await port.close();
    expect(closed).toBe(true);
  });

  it('answers what its fast path takes without building the app', async () => {
    let builds = 0;
    const port = new FastifyPort({
      name: 'OpenAPI',
      keepAliveTimeoutMs: 5000,
      timeouts,
      logger,
      fastPath: (req, res) => {
        if (req.url !== '/fast') return false;
        res.end('fast');
        return true;
      },
      build: async () => {
        builds++;
        const app = Fastify();
        app.get('/routed', async () => 'routed');
        return app;
      },
    });
    const url = await port.listen(0, '127.0.0.1');
    for (let i = 0; i < 3; i++) expect(await (await fetch(`${url}/fast`)).text()).toBe('fast');
    expect(builds).toBe(0);
    expect(await (await fetch(`${url}/routed`)).text()).toBe('routed');
    expect(await (await fetch(`${url}/fast`)).text()).toBe('fast');
    expect(builds).toBe(1);
    await port.close();
  });

  it('closes with a request left unanswered: the connection is cut after a grace', async () => {
    const port = new FastifyPort({
      name: 'OpenAPI',
      keepAliveTimeoutMs: 5000,
      timeouts,
      logger,
      build: async () => {
        const app = Fastify();
        app.get('/hang', () => new Promise(() => undefined));
        app.get('/ok', async () => 'ok');
        return app;
      },
    });
    const url = await port.listen(0, '127.0.0.1');
    expect(await (await fetch(`${url}/ok`)).text()).toBe('ok'); // leaves an idle keep-alive connection
    const hanging = fetch(`${url}/hang`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await port.close();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await hanging).toBe('cut');
  });

  it('answers 503 when the console cannot be built', async () => {
    const port = new FastifyPort({
      name: 'console',
      keepAliveTimeoutMs: 5000,
      timeouts,
      logger,
      build: () => Promise.reject(new Error('broken')),
    });
    const url = await port.listen(0, '127.0.0.1');
    const res = await fetch(`${url}/rnacos/`);
    expect(res.status).toBe(503);
    expect(await res.text()).toBe('console unavailable');
    await port.close();
  });
});
