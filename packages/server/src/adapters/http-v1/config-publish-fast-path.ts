import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConfigService } from '../../core/config/config-service.js';
import type { Logger } from '../../shared/logger.js';
import type { FastPath } from '../http-common/fast-path.js';
import type { RequestPipeline } from '../http-common/request-pipeline.js';
import { socketIp } from '../http-common/params.js';
import { sdkCaller } from '../http-common/sdk-caller.js';
import type { AuthService } from '../../core/auth/auth-service.js';
import { SERVER_ERROR, TEXT, textErrorOf } from '../http-common/text-errors.js';
import { parseUtf8Form } from '../http-common/utf8-params.js';
import { publishFromParams, WRITE_DONE } from './config-publish.js';
import { CONFIG_NAMESPACE, namespaceOf, plainValues } from './request-namespace.js';

const CONFIGS = '/nacos/v1/cs/configs';
const FORM = 'application/x-www-form-urlencoded';
const WRITE_DONE_HEADERS = { 'content-type': TEXT, 'content-length': WRITE_DONE.length };

export interface ConfigPublishFastPathDeps {
  configs: ConfigService;
  /** Who a token belongs to, for the audit trail. */
  auth?: Pick<AuthService, 'identify'>;
  pipeline: RequestPipeline;
  logger: Logger;
  /** The port's body limit: a larger body goes to fastify, which refuses it. */
  bodyLimit: number;
}

/** Whether the request is a publish in the form SDKs send it: a form body of declared length, no query. */
function isPlainPublish(req: IncomingMessage, bodyLimit: number): boolean {
  if (req.url !== CONFIGS || (req.method !== 'POST' && req.method !== 'PUT')) return false;
  if (req.headers['transfer-encoding'] !== undefined) return false;
  const length = req.headers['content-length'];
  if (length === undefined || !(Number(length) <= bodyLimit)) return false;
  const type = req.headers['content-type'];
  if (type === undefined) return false;
  const semicolon = type.indexOf(';');
  return (semicolon < 0 ? type : type.slice(0, semicolon)).trim().toLowerCase() === FORM;
}

/**
 * Publishes are the busiest HTTP writes (1.x clients, scripts, CI jobs). This takes the form SDKs send
 * (`POST /nacos/v1/cs/configs` with a form body) from the node:http request and publishes it through the
 * route's own function (config-publish.ts), answering as the route and its error handler do. The token and
 * namespace are in the body, read before they could be judged and then no longer fastify's to read: so it
 * answers only while no stage must see requests first (OpenAPI auth off). A query string, a chunked or
 * oversized body, or another content type goes through fastify.
 */
export function createConfigPublishFastPath(deps: ConfigPublishFastPathDeps): FastPath {
  const answer = (res: ServerResponse, started: number, status: number, body: string) => {
    if (res.headersSent || res.destroyed) return;
    if (status === 200) res.writeHead(200, WRITE_DONE_HEADERS);
    else res.writeHead(status, { 'content-type': TEXT, 'content-length': Buffer.byteLength(body) });
    res.end(body);
    deps.pipeline.answered(CONFIGS, performance.now() - started, status);
  };
  const failed = (res: ServerResponse, started: number, err: unknown) => {
    const known = textErrorOf(err);
    if (known) return answer(res, started, known.status, known.message);
    deps.logger.error({ err }, 'request failed');
    answer(res, started, 500, SERVER_ERROR);
  };
  const publish = (req: IncomingMessage, res: ServerResponse, started: number, body: Buffer) => {
    let tenant;
    let params;
    try {
      params = parseUtf8Form(body);
      tenant = namespaceOf(CONFIG_NAMESPACE, plainValues(params));
    } catch (err) {
      return failed(res, started, err);
    }
    const { casmd5: casMd5Header, betaips: betaIpsHeader } = req.headers;
    publishFromParams(deps.configs, {
      params,
      tenant,
      casMd5Header: Array.isArray(casMd5Header) ? casMd5Header[0] : casMd5Header,
      betaIpsHeader: Array.isArray(betaIpsHeader) ? betaIpsHeader[0] : betaIpsHeader,
      srcIp: socketIp(req),
      actor: sdkCaller(deps.auth, req.headers, params),
    }).then(
      () => answer(res, started, 200, WRITE_DONE),
      (err: unknown) => failed(res, started, err),
    );
  };
  return (req, res, watch) => {
    if (!deps.pipeline.fastPathsOpen || !isPlainPublish(req, deps.bodyLimit)) return false;
    watch?.(req, res); // it answers refusals itself
    const started = performance.now();
    const chunks: Buffer[] = [];
    // node's parser ends the body at the declared length; a stalled one is cut by the port's timeouts
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => publish(req, res, started, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    return true;
  };
}
