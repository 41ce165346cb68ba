import { isUtf8 } from 'node:buffer';
import type { ApiAccessGuard } from '../../core/auth/api-access.js';
import { invalid, NacosError, type ErrorKind } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import type { GrpcConnections } from './connections.js';
import { ErrorCode, RESULT_FAIL, RESULT_SUCCESS, type GrpcHandler, type RequestContext } from './grpc-handler.js';
import { parseJsonBody, PayloadError, type DecodedPayload, type JsonObject } from './payload.js';

export interface Reply {
  type: string;
  body: JsonObject;
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

/** `ErrorResponse`: the generic failure, for requests no handler can answer. */
export function errorResponse(errorCode: number, message: string, requestId = ''): Reply {
  return {
    type: 'ErrorResponse',
    body: { resultCode: RESULT_FAIL, errorCode, message, success: false, requestId },
  };
}

/** Fills the common response fields; `success` always agrees with `resultCode`, as every client needs. */
function typedResponse(type: string, requestId: string, fields: JsonObject): Reply {
  const resultCode = typeof fields.resultCode === 'number' ? fields.resultCode : RESULT_SUCCESS;
  // Object.assign, not `{ ...fields, resultCode }`: on Node 20 a literal starting with a spread is slow,
  // and every response passes here.
  const body: JsonObject = Object.assign({}, fields);
  body.resultCode = resultCode;
  body.errorCode = typeof fields.errorCode === 'number' ? fields.errorCode : ErrorCode.SUCCESS;
  body.message = typeof fields.message === 'string' ? fields.message : '';
  body.requestId = requestId;
  body.success = resultCode === RESULT_SUCCESS;
  return { type, body };
}

export interface DispatchDeps {
  handlers: ReadonlyMap<string, GrpcHandler>;
  connections: GrpcConnections;
  apiAccess: ApiAccessGuard;
  logger: Logger;
}

/**
 * Answers one unary request: finds the handler by `metadata.type`, checks the connection and access, runs
 * it. Whatever goes wrong becomes a response; nothing thrown reaches the transport.
 */
export async function dispatchRequest(deps: DispatchDeps, payload: DecodedPayload, peer: string): Promise<Reply> {
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
  let reply: Reply;
  try {
    // JSON.parse saw U+FFFD where the bytes were not UTF-8: refuse rather than act on changed text
    if (!isUtf8(payload.body)) throw invalid(`${payload.type}: the request body is not valid UTF-8`);
    if (handler.access) {
      const credentials = { accessToken: payload.headers.accessToken };
      for (const resource of handler.access(body, ctx)) await deps.apiAccess.check(credentials, resource);
    }
  } catch (err) {
    return failedResponse(deps, handler, requestId, payload.type, err, 'typed');
  }
  try {
    reply = typedResponse(handler.responseType, requestId, await handler.handle(body, ctx));
  } catch (err) {
    reply = failedResponse(deps, handler, requestId, payload.type, err, handler.refusals);
  }
  // After-reply work runs even when the handler failed half-way (it may release what it held).
  if (ctx.afterReply) reply.afterReply = ctx.afterReply;
  return reply;
}

/**
 * A refusal or failure in the form nacos gives it: a typed failure, or an `ErrorResponse` whose resultCode
 * is its errorCode (nacos' `ErrorResponse.build(exception)`). nacos-sdk-go sees only the latter as an error.
 */
function failedResponse(
  deps: DispatchDeps,
  handler: GrpcHandler,
  requestId: string,
  type: string,
  err: unknown,
  form: 'typed' | undefined,
): Reply {
  let errorCode: number;
  let message: string;
  if (err instanceof NacosError) {
    errorCode = KIND_CODES[err.kind];
    message = err.message;
  } else {
    deps.logger.error({ err, type }, 'gRPC request failed');
    errorCode = ErrorCode.SERVER_ERROR;
    message = `internal error: ${(err as Error)?.message ?? String(err)}`;
  }
  if (form === 'typed') {
    return typedResponse(handler.responseType, requestId, { resultCode: RESULT_FAIL, errorCode, message });
  }
  return { type: 'ErrorResponse', body: { resultCode: errorCode, errorCode, message, success: false, requestId } };
}
