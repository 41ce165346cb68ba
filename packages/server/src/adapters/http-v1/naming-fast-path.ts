import type { NamingService } from '../../core/naming/naming-service.js';
import { plainQueryParams, sendFast, type FastPath } from '../http-common/fast-path.js';
import type { RequestPipeline } from '../http-common/request-pipeline.js';
import { socketIp } from '../http-common/params.js';
import { beatAnswer, listAnswer, type BeatAnswer } from './naming-answers.js';
import { NAMING_NAMESPACE, namespaceOf, plainValues } from './request-namespace.js';

const LIST = '/nacos/v1/ns/instance/list';
const BEAT = '/nacos/v1/ns/instance/beat';
const JSON_TYPE = 'application/json;charset=UTF-8';

export interface NamingFastPathDeps {
  naming: NamingService;
  udpPush: boolean;
  pipeline: RequestPipeline;
}

/** Beat answers differ only by interval and code: render each once. */
const beatBodies = new Map<string, string>();
function beatJson(answer: BeatAnswer): string {
  const key = `${answer.code}:${answer.clientBeatInterval}`;
  let body = beatBodies.get(key);
  if (body === undefined) {
    body = JSON.stringify(answer);
    if (beatBodies.size < 1000) beatBodies.set(key, body);
  }
  return body;
}

/**
 * Instance-list polls and heartbeats are most of a registry's traffic (every client, every few seconds).
 * This answers the plain form of them (parameters in the query string, no body) straight from the node:http
 * request, with the same code as the fastify routes and the same pipeline stages (OpenAPI auth lets a token
 * that may through at once, see `RequestPipeline.admits`). Anything else, and any request it cannot answer
 * (bad input, other credentials), returns false and goes through fastify, which answers it fully.
 */
export function createNamingFastPath(deps: NamingFastPathDeps): FastPath {
  return (req, res) => {
    const listParams = plainQueryParams(req, 'GET', LIST);
    const params = listParams ?? plainQueryParams(req, 'PUT', BEAT);
    if (!params) return false;
    const started = performance.now();
    let body: string | Buffer;
    try {
      // the routes' own resolution: two namespaces named, and fastify answers the 400
      const namespaceId = namespaceOf(NAMING_NAMESPACE, plainValues(params));
      // OpenAPI auth judges the very namespace listed or beaten below (a beat is a write)
      if (!deps.pipeline.admits(req, listParams ? LIST : BEAT, params, namespaceId)) return false;
      body = listParams
        ? listAnswer(
            deps.naming,
            params,
            namespaceId,
            {
              remoteIp: socketIp(req),
              userAgent: req.headers['user-agent'] ?? '',
            },
            deps.udpPush,
          )
        : beatJson(beatAnswer(deps.naming, params, namespaceId));
    } catch {
      return false;
    }
    // bytes, not text: text would be joined to the headers and copied on the JS heap first
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    sendFast(res, 200, { 'content-type': JSON_TYPE, 'content-length': bytes.length }, bytes);
    deps.pipeline.answered(listParams ? LIST : BEAT, performance.now() - started, 200);
    return true;
  };
}
