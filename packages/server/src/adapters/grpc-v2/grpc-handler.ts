import type { ApiResource } from '../../core/auth/api-access.js';
import type { GrpcConnection } from './connections.js';
import type { JsonObject } from './payload.js';

/** What a handler knows about the call besides the request body. */
export interface RequestContext {
  /** The caller's connection; undefined only for handlers that allow unregistered callers. */
  connection: GrpcConnection | undefined;
  /** Transport peer (`ip:port`) of the HTTP/2 session. */
  peer: string;
  /** `metadata.headers` of the request (accessToken, Client-AppName, notify, ...). */
  headers: Record<string, string>;
  /** The client's IP as it reported it, else the transport's. */
  clientIp: string;
  /**
   * Work that must not overtake the response on the client (a push caused by this request): it runs once
   * the response is written, after `AFTER_REPLY_DELAY_MS`. Created by the handler that needs it.
   */
  afterReply?: (() => void)[];
}

/**
 * Pushes travel on the bi-stream, the response on its own HTTP/2 stream: a client handling both at once may
 * lose a push that overtakes its response (nacos-sdk-go drops a config change that way), so a request's
 * pushes leave this long after its response.
 */
const AFTER_REPLY_DELAY_MS = 30;

/** Schedules the after-reply work of a request whose response was just written. */
export function runAfterReply(tasks: readonly (() => void)[] | undefined, delayMs = AFTER_REPLY_DELAY_MS): void {
  if (!tasks) return;
  setTimeout(() => {
    for (const task of tasks) task();
  }, delayMs);
}

/**
 * One request type of the 2.x protocol. `handle` returns the type-specific response fields; it may also set
 * `resultCode`/`errorCode`/`message` for a typed failure (e.g. config not found). Errors it throws become an
 * `ErrorResponse`, as nacos answers an exception its handler throws, unless `refusals` is `typed`. An access
 * refusal is always a typed failure (nacos' auth filter answers with the handler's response type).
 */
export interface GrpcHandler {
  /** The response class name clients expect, e.g. `ConfigQueryResponse`. */
  responseType: string;
  /** ServerCheck is answered before the client has a connection. */
  allowUnregistered?: boolean;
  /** What the access guard checks before `handle`; absent = exempt (internal requests). */
  access?(body: JsonObject, ctx: RequestContext): ApiResource[];
  /** `typed`: nacos' handler for this type catches its failures and answers them as its own response type. */
  refusals?: 'typed';
  /** Called when the access guard refuses the request, before the refusal is answered (the audit trail). */
  onRefused?(body: JsonObject, ctx: RequestContext, error: unknown): Promise<void>;
  handle(body: JsonObject, ctx: RequestContext): HandlerResult | Promise<HandlerResult>;
}

/**
 * The fields of a successful response already written as JSON object members (`"a":1,"b":"x"`, no
 * braces, none of the common fields): for answers kept rendered per stored version (a config, a service
 * view), so a read costs no object building or JSON.stringify.
 */
export class RenderedFields {
  /** The start of the response body, `{` and the members, as UTF-8: copied as is into each answer. */
  readonly head: Buffer;

  constructor(members: string) {
    this.head = Buffer.from(members ? `{${members},` : '{', 'utf8');
  }
}

/** A handler's answer: the response fields, or the same already rendered. */
export type HandlerResult = JsonObject | RenderedFields;

/** Error codes of the protocol (nacos `NacosException` / `ResponseCode`). */
export const ErrorCode = {
  SUCCESS: 0,
  CONFIG_NOT_FOUND: 300,
  UN_REGISTER: 301,
  NO_HANDLER: 302,
  INVALID_PARAM: 400,
  NO_RIGHT: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SERVER_ERROR: 500,
  OVER_THRESHOLD: 503,
} as const;

export const RESULT_SUCCESS = 200;
export const RESULT_FAIL = 500;

/** Fields of a typed failure a handler returns itself (e.g. ConfigQueryResponse for a missing config). */
export function failure(errorCode: number, message: string, fields: JsonObject = {}): JsonObject {
  return Object.assign({}, fields, { resultCode: RESULT_FAIL, errorCode, message });
}
