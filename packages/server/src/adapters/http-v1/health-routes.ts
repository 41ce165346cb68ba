import type { FastifyInstance } from 'fastify';

/** Liveness/readiness probes (nacos and r-nacos paths) for orchestrators and load balancers. */
export function registerHealthRoutes(app: FastifyInstance, isReady: () => boolean): void {
  const text = 'text/plain;charset=UTF-8';
  app.get('/nacos/v1/console/health/liveness', async (_req, reply) => reply.type(text).send('OK'));
  app.get('/nacos/v1/console/health/readiness', async (_req, reply) =>
    isReady() ? reply.type(text).send('OK') : reply.code(500).type(text).send('server is shutting down'),
  );
  for (const path of ['/health', '/nacos/health', '/rnacos/health']) {
    app.get(path, async (_req, reply) => reply.type(text).send('success'));
  }
}
