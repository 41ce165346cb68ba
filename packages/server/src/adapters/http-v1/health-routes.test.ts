import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestPipeline } from '../http-common/request-pipeline.js';
import { createHealthFastPath, registerHealthRoutes } from './health-routes.js';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The probes' fast path on a real socket; whatever it leaves gets 404 `routed`. */
async function serve(isReady: () => boolean, answered: string[]): Promise<string> {
  const pipeline = new RequestPipeline().use({ name: 'seen', after: (route) => answered.push(route) });
  const fast = createHealthFastPath(isReady, pipeline);
  server = http.createServer((req, res) => {
    if (!fast(req, res)) res.writeHead(404).end('routed');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('health probes', () => {
  it('are answered before fastify as fastify answers them, and counted', async () => {
    let ready = true;
    const answered: string[] = [];
    const base = await serve(() => ready, answered);
    const app = Fastify();
    registerHealthRoutes(app, () => ready);
    for (const path of [
      '/nacos/v1/console/health/liveness',
      '/nacos/v1/console/health/readiness',
      '/health',
      '/nacos/health',
      '/rnacos/health?x=1',
    ]) {
      const fast = await fetch(`${base}${path}`);
      const routed = await app.inject({ method: 'GET', url: path });
      expect([fast.status, await fast.text()]).toEqual([routed.statusCode, routed.body]);
      expect(fast.headers.get('content-type')).toBe(routed.headers['content-type']);
    }
    ready = false;
    const closing = await fetch(`${base}/nacos/v1/console/health/readiness`);
    expect([closing.status, await closing.text()]).toEqual([500, 'server is shutting down']);
    expect(answered).toContain('/nacos/health');
    await app.close();
  });

  it('answers HEAD without a body and leaves other paths and methods alone', async () => {
    const base = await serve(() => true, []);
    const head = await fetch(`${base}/nacos/v1/console/health/liveness`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('2');
    expect(await head.text()).toBe('');
    expect((await fetch(`${base}/nacos/v1/console/health/other`)).status).toBe(404);
    expect((await fetch(`${base}/health`, { method: 'POST' })).status).toBe(404);
  });
});
