import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from './params.js';
import { assertUtf8Query, parseUtf8Query } from './utf8-params.js';

/**
 * Answers a request before fastify and returns true, or returns false and leaves it to fastify. A fast path
 * that may answer a refusal itself calls `watch` when it takes the request, so the request log sees its
 * answer as it sees fastify's (refused requests at info, see RequestLog).
 */
export type FastPath = (req: IncomingMessage, res: ServerResponse, watch?: RequestWatch) => boolean;
export type RequestWatch = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The parameters of a request in the plain form a fast path takes: `method` on exactly `path`, everything
 * in the query string once each, no body. Anything else (a body, another method, no query, a repeated
 * parameter) gives undefined.
 */
export function plainQueryParams(req: IncomingMessage, method: string, path: string): Params | undefined {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  if (q !== path.length || req.method !== method || !url.startsWith(path)) return undefined;
  const length = req.headers['content-length'];
  if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined) return undefined;
  const parsed = parseUtf8Query(url.slice(q + 1));
  try {
    assertUtf8Query(parsed);
  } catch {
    return undefined; // fastify answers it with the 400
  }
  const params: Params = {};
  for (const k in parsed) {
    const v = parsed[k];
    if (Array.isArray(v)) return undefined;
    if (v !== undefined) params[k] = v;
  }
  return params;
}

/** Several fast paths tried in turn. */
export function firstFastPath(paths: FastPath[]): FastPath {
  return (req, res, watch) => {
    for (const path of paths) if (path(req, res, watch)) return true;
    return false;
  };
}

export function sendFast(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | number>,
  body: string | Buffer,
): void {
  res.writeHead(status, headers);
  res.end(body);
}
