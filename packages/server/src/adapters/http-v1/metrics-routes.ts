import type { FastifyInstance } from 'fastify';
import type { MetricsService } from '../../core/metrics/metrics-service.js';
import type { RequestStage } from '../http-common/request-pipeline.js';

/** Held long-polls would count their whole wait as handling time. */
const UNTIMED_ROUTES = new Set(['/nacos/v1/cs/configs/listener']);

/** Times every SDK HTTP request for the monitor (except long-polls) and counts those answered 5xx. */
export function requestMetricsStage(metrics: MetricsService): RequestStage {
  return {
    name: 'request-metrics',
    active: metrics.enabled,
    after(route, elapsedMs, status) {
      if (status >= 500) metrics.recordServerError('http');
      if (!UNTIMED_ROUTES.has(route)) metrics.recordRequest('http', elapsedMs);
    },
  };
}

/** Prometheus text at `/metrics`, `/nacos/metrics` and `/rnacos/metrics`. */
export function registerMetricsRoutes(app: FastifyInstance, metrics: MetricsService): void {
  for (const path of ['/metrics', '/nacos/metrics', '/rnacos/metrics']) {
    app.get(path, async (_req, reply) => {
      if (!metrics.enabled) {
        return reply
          .code(404)
          .type('text/plain;charset=UTF-8')
          .send('metrics are disabled (RNACOS_ENABLE_METRICS=false)');
      }
      const { contentType, body } = await metrics.prometheusText();
      return reply.type(contentType).send(body);
    });
  }
}
