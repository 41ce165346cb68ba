import type { FastifyInstance } from 'fastify';
import { sendFast, type FastPath } from '../http-common/fast-path.js';
import type { RequestPipeline } from '../http-common/request-pipeline.js';

const TEXT = 'text/plain;charset=UTF-8';
const NACOS_PROBES = ['/nacos/v1/console/health/liveness', '/nacos/v1/console/health/readiness'];
const SIMPLE_PROBES = ['/health', '/nacos/health', '/rnacos/health'];

/** The answer of a probe path, or undefined for any other path. */
function probeAnswer(path: string, isReady: () => boolean): { status: number; body: string } | undefined {
  if (path === NACOS_PROBES[0]) return { status: 200, body: 'OK' };
  if (path === NACOS_PROBES[1])
    return isReady() ? { status: 200, body: 'OK' } : { status: 500, body: 'server is shutting down' };
  return SIMPLE_PROBES.includes(path) ? { status: 200, body: 'success' } : undefined;
}

/** Liveness/readiness probes (nacos and r-nacos paths) for orchestrators and load balancers. */
export function registerHealthRoutes(app: FastifyInstance, isReady: () => boolean): void {
  for (const path of [...NACOS_PROBES, ...SIMPLE_PROBES]) {
    app.get(path, async (_req, reply) => {
      const answer = probeAnswer(path, isReady)!;
      return reply.code(answer.status).type(TEXT).send(answer.body);
    });
  }
}

/**
 * The same probes answered before fastify: an orchestrator polling them does not make the port load
 * fastify. They need no credentials (the OpenAPI auth lets them through), so no stage has to see them first.
 */
export function createHealthFastPath(isReady: () => boolean, pipeline: RequestPipeline): FastPath {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const answer = probeAnswer(path, isReady);
    if (!answer) return false;
    const started = performance.now();
    const body = req.method === 'HEAD' ? '' : answer.body;
    sendFast(res, answer.status, { 'content-type': TEXT, 'content-length': Buffer.byteLength(answer.body) }, body);
    pipeline.answered(path, performance.now() - started, answer.status);
    return true;
  };
}
