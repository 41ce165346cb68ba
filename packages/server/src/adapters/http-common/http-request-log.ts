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
 * Requests of a door of their own on a port (MCP on the SDK port): that door, and the path as it may be
 * logged (without the secrets in it); undefined for the port's own requests.
 */
export type LoggedDoor = (path: string) => { door: string; path: string } | undefined;

/**
 * Hands the request to the request log once its answer is written. At info only fastify's requests are
 * watched (a fast path answers reads that succeed, and costs nothing more); at debug every request.
 */
export function watchHttpRequest(
  log: RequestLog,
  door: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  doorOf?: LoggedDoor,
) {
  const started = performance.now();
  res.once('finish', () => {
    if (!log.wants(res.statusCode)) return;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    const own = doorOf?.(path);
    log.record({
      door: own?.door ?? door,
      type: `${req.method ?? ''} ${own?.path ?? path}`,
      client: socketIp(req),
      code: res.statusCode,
      ms: performance.now() - started,
      namespace: () => namespaceOf(url),
    });
  });
}
