import { isUtf8 } from 'node:buffer';
import type { ApiAccessGuard, ApiResource } from '../../core/auth/api-access.js';
import { invalid, NacosError, type ErrorKind } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import type { GrpcConnections } from './connections.js';
import {
  ErrorCode,
  RenderedFields,
  RESULT_FAIL,
  RESULT_SUCCESS,
  type GrpcHandler,
  type HandlerResult,
  type RequestContext,
} from './grpc-handler.js';
import { parseJsonBody, PayloadError, type DecodedPayload, type JsonObject } from './payload.js';

export interface Reply {
  type: string;
  /** The response body as JSON text; with `head`, the text that follows it. */
  json: string;
  /** The start of the body, already rendered as UTF-8 (see RenderedFields). */
  head?: Buffer;
  /** The body's errorCode and message, for the request log. */
  errorCode: number;
  message: string;
  /** The request's after-reply work (see RequestContext.afterReply), for the transport to run. */
  afterReply?: (() => void)[];
}

const KIND_CODES: Record<ErrorKind, number> = {
  invalid: ErrorCode.INVALID_PARAM,
  forbidden: ErrorCode.NO_RIGHT,
  not_found: ErrorCode.NOT_FOUND,
  conflict: ErrorCode.CONFLICT,
  unavailable: ErrorCode.OVER_THRESHOLD,
};

/** A failure answer whose resultCode may differ from RESULT_FAIL (nacos' `ErrorResponse.build(exception)`). */
function errorReply(resultCode: number, errorCode: number, message: string, requestId: string): Reply {
  const json = JSON.stringify({ resultCode, errorCode, message, success: false, requestId });
  return { type: 'ErrorResponse', json, errorCode, message };
}

/** `ErrorResponse`: the generic failure, for requests no handler can answer. */
export function errorResponse(errorCode: number, message: string, requestId = ''): Reply {
  return errorReply(RESULT_FAIL, errorCode, message, requestId);
}

/** Fills the common response fields; `success` always agrees with `resultCode`, as every client needs. */
function typedResponse(type: string, requestId: string, fields: HandlerResult): Reply {
  if (fields instanceof RenderedFields) {
    // the members, then the common fields in the order the object form below has them
    const json = `"resultCode":${RESULT_SUCCESS},"errorCode":0,"message":"","requestId":${JSON.stringify(requestId)},"success":true}`;
    return { type, head: fields.head, json, errorCode: ErrorCode.SUCCESS, message: '' };
  }
  const resultCode = typeof fields.resultCode === 'number' ? fields.resultCode : RESULT_SUCCESS;
  // Object.assign, not `{ ...fields, resultCode }`: on Node 20 a literal starting with a spread is slow,
  // and every response passes here.
  const body: JsonObject = Object.assign({}, fields);
  const errorCode = typeof fields.errorCode === 'number' ? fields.errorCode : ErrorCode.SUCCESS;
  const message = typeof fields.message === 'string' ? fields.message : '';
  body.resultCode = resultCode;
  body.errorCode = errorCode;
  body.message = message;
  body.requestId = requestId;
  body.success = resultCode === RESULT_SUCCESS;
  return { type, json: JSON.stringify(body), errorCode, message };
}

export interface DispatchDeps {
  handlers: ReadonlyMap<string, GrpcHandler>;
  connections: GrpcConnections;
  apiAccess: ApiAccessGuard;
  logger: Logger;
}

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as Promise<T> | undefined)?.then === 'function';

/**
 * Answers one unary request: finds the handler by `metadata.type`, checks the connection and access, runs
 * it. Whatever goes wrong becomes a response; nothing thrown reaches the transport. Synchronous unless
 * the access check (auth on) or the handler waits: a read served from memory answers without a turn of
 * the microtask queue.
 */
export function dispatchRequest(deps: DispatchDeps, payload: DecodedPayload, peer: string): Reply | Promise<Reply> {
  const handler = deps.handlers.get(payload.type);
  if (!handler)
    return errorResponse(ErrorCode.NO_HANDLER, `RequestHandler Not Found: unknown request type "${payload.type}"`);

  let body: JsonObject;
  try {
    body = parseJsonBody(payload.body);
  } catch (err) {
    if (err instanceof PayloadError) return errorResponse(ErrorCode.INVALID_PARAM, `${payload.type}: ${err.message}`);
    throw err;
  }
  const requestId = typeof body.requestId === 'string' ? body.requestId : '';

  const connection = deps.connections.byPeer(peer);
  if (!connection && !handler.allowUnregistered) {
    return errorResponse(ErrorCode.UN_REGISTER, 'Connection is unregistered.', requestId);
  }
  if (connection) deps.connections.touch(connection);

  const ctx: RequestContext = {
    connection,
    peer,
    headers: payload.headers,
    clientIp: payload.clientIp || connection?.remoteIp || '',
  };
  const call: Call = { deps, handler, body, ctx, requestId, type: payload.type };
  let resources: ApiResource[] | undefined;
  try {
    // JSON.parse saw U+FFFD where the bytes were not UTF-8: refuse rather than act on changed text
    if (!isUtf8(payload.body)) throw invalid(`${payload.type}: the request body is not valid UTF-8`);
    resources = handler.access?.(body, ctx);
  } catch (err) {
    return failedResponse(call, err, 'typed');
  }
  // with auth off the guard allows everything: nothing to wait for
  if (resources?.length && deps.apiAccess.enabled) {
    // a token is judged at once, so a read from memory still answers without a microtask turn
    try {
      const credentials = credentialsOf(call);
      if (resources.every((resource) => deps.apiAccess.checkNow?.(credentials, resource))) return handle(call);
    } catch (err) {
      return refused(call, err);
    }
    return checkThenHandle(call, resources);
  }
  return handle(call);
}

interface Call {
  deps: DispatchDeps;
  handler: GrpcHandler;
  body: JsonObject;
  ctx: RequestContext;
  requestId: string;
  type: string;
}

const credentialsOf = (call: Call) => ({ accessToken: call.ctx.headers.accessToken });

/** An access refusal: the handler hears of it first (a write records it in the audit trail). */
function refused(call: Call, err: unknown): Reply | Promise<Reply> {
  const heard = call.handler.onRefused?.(call.body, call.ctx, err);
  if (!heard) return failedResponse(call, err, 'typed');
  return heard.then(() => failedResponse(call, err, 'typed'));
}

async function checkThenHandle(call: Call, resources: ApiResource[]): Promise<Reply> {
  const credentials = credentialsOf(call);
  try {
    for (const resource of resources) await call.deps.apiAccess.check(credentials, resource);
  } catch (err) {
    return refused(call, err);
  }
  return handle(call);
}

function handle(call: Call): Reply | Promise<Reply> {
  const { handler, ctx } = call;
  let result: HandlerResult | Promise<HandlerResult>;
  try {
    result = handler.handle(call.body, ctx);
  } catch (err) {
    return withAfterReply(failedResponse(call, err, handler.refusals), ctx);
  }
  if (!isPromise(result)) return withAfterReply(typedResponse(handler.responseType, call.requestId, result), ctx);
  return result.then(
    (fields) => withAfterReply(typedResponse(handler.responseType, call.requestId, fields), ctx),
    (err: unknown) => withAfterReply(failedResponse(call, err, handler.refusals), ctx),
  );
}

/** After-reply work runs even when the handler failed half-way (it may release what it held). */
function withAfterReply(reply: Reply, ctx: RequestContext): Reply {
  if (ctx.afterReply) reply.afterReply = ctx.afterReply;
  return reply;
}

/**
 * A refusal or failure in the form nacos gives it: a typed failure, or an `ErrorResponse` whose resultCode
 * is its errorCode (nacos' `ErrorResponse.build(exception)`). nacos-sdk-go sees only the latter as an error.
 */
function failedResponse(call: Call, err: unknown, form: 'typed' | undefined): Reply {
  let errorCode: number;
  let message: string;
  if (err instanceof NacosError) {
    errorCode = KIND_CODES[err.kind];
    message = err.message;
  } else {
    call.deps.logger.error({ err, type: call.type }, 'gRPC request failed');
    errorCode = ErrorCode.SERVER_ERROR;
    message = `internal error: ${(err as Error)?.message ?? String(err)}`;
  }
  if (form === 'typed') {
    return typedResponse(call.handler.responseType, call.requestId, { resultCode: RESULT_FAIL, errorCode, message });
  }
  return errorReply(errorCode, errorCode, message, call.requestId);
}
