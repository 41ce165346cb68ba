import type http from 'node:http';
import type { RequestLog } from '../../shared/request-log.js';
import { socketIp } from './params.js';

/** The namespace a request names in its query (`namespaceId`, or `tenant` for configs); a form body is not read. */
function namespaceOf(url: string): string | undefined {
  const query = url.indexOf('?');
  if (query < 0) return undefined;
  const params = new URLSearchParams(url.slice(query + 1));
  return params.get('namespaceId') ?? params.get('tenant') ?? undefined;
}

/**
 * Hands the request to the request log once its answer is written. At info only fastify's requests are
 * watched (a fast path answers reads that succeed, and costs nothing more); at debug every request.
 */
export function watchHttpRequest(log: RequestLog, door: string, req: http.IncomingMessage, res: http.ServerResponse) {
  const started = performance.now();
  res.once('finish', () => {
    if (!log.wants(res.statusCode)) return;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    log.record({
      door,
      type: `${req.method ?? ''} ${query < 0 ? url : url.slice(0, query)}`,
      client: socketIp(req),
      code: res.statusCode,
      ms: performance.now() - started,
      namespace: () => namespaceOf(url),
    });
  });
}
