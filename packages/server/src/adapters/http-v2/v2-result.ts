import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { NacosError, type ErrorKind } from '../../shared/errors.js';
import { optional, type Params } from '../http-common/params.js';

/**
 * The nacos OpenAPI v2 answer: `{code, message, data}`, code 0 for success. A failure carries one of nacos'
 * `ErrorCode`s: its number as `code`, its fixed text as `message`, and what went wrong as `data`.
 */
export interface V2Result<T> {
  code: number;
  message: string;
  data: T;
}

/** The nacos `ErrorCode`s these routes answer with (number and fixed text, as nacos sends them). */
export const V2_CODES = {
  PARAMETER_MISSING: [10000, 'parameter missing'],
  ACCESS_DENIED: [10001, 'access denied'],
  PARAMETER_VALIDATE_ERROR: [20002, 'parameter validate error'],
  MEDIA_TYPE_ERROR: [20003, 'MediaType Error'],
  RESOURCE_NOT_FOUND: [20004, 'resource not found'],
  RESOURCE_CONFLICT: [20005, 'resource conflict'],
  INSTANCE_NOT_FOUND: [21003, 'instance not found'],
  SERVICE_ALREADY_EXIST: [21007, 'service already exist'],
  SERVICE_NOT_EXIST: [21008, 'service not exist'],
  NAMESPACE_NOT_EXIST: [22001, 'namespace not exist'],
  NAMESPACE_ALREADY_EXIST: [22002, 'namespace already exist'],
  ILLEGAL_STATE: [23000, 'illegal state'],
  SERVER_ERROR: [30000, 'server error'],
} as const satisfies Record<string, readonly [number, string]>;

export type V2Code = keyof typeof V2_CODES;

export const v2Ok = <T>(data: T): V2Result<T> => ({ code: 0, message: 'success', data });

/** A v2 failure with the HTTP status and nacos code it is answered with. */
export class V2Error extends Error {
  constructor(
    readonly status: number,
    readonly code: V2Code,
    message: string,
  ) {
    super(message);
    this.name = 'V2Error';
  }
}

/** A required parameter left out or blank: 400, code 10000. */
export const missing = (name: string) =>
  new V2Error(400, 'PARAMETER_MISSING', `required parameter '${name}' is missing`);

/** The trimmed value of a required parameter. */
export function required(params: Params, name: string): string {
  const value = optional(params, name);
  if (value === undefined) throw missing(name);
  return value;
}

/** Throws `missing` for the first of `names` the request leaves out. */
export function requireAll(params: Params, ...names: string[]): void {
  for (const name of names) required(params, name);
}

/** How the core's error kinds are answered (status, code). */
const KIND_ANSWERS: Record<ErrorKind, [number, V2Code]> = {
  invalid: [400, 'PARAMETER_VALIDATE_ERROR'],
  forbidden: [403, 'ACCESS_DENIED'],
  not_found: [404, 'RESOURCE_NOT_FOUND'],
  conflict: [409, 'RESOURCE_CONFLICT'],
  unavailable: [503, 'SERVER_ERROR'],
};

/**
 * Runs `work`, answering the core's not-found and conflict errors with a route family's own codes (nacos
 * tells a missing service by 21008, say), keeping the core's message.
 */
export async function withCodes<T>(
  work: Promise<T> | (() => T),
  codes: Partial<Record<ErrorKind, readonly [number, V2Code]>>,
): Promise<T> {
  try {
    return await (typeof work === 'function' ? work() : work);
  } catch (err) {
    const answer = err instanceof NacosError ? codes[err.kind] : undefined;
    if (answer) throw new V2Error(answer[0], answer[1], err instanceof Error ? err.message : String(err));
    throw err;
  }
}

function send(reply: FastifyReply, status: number, code: V2Code, detail: string) {
  const [number, text] = V2_CODES[code];
  return reply.code(status).type('application/json;charset=UTF-8').send({ code: number, message: text, data: detail });
}

/** The v2 routes' error handler: every refusal in the envelope, a client's mistake never a 500. */
export function v2ErrorHandler(error: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof V2Error) return send(reply, error.status, error.code, error.message);
  if (error instanceof NacosError) {
    const [status, code] = KIND_ANSWERS[error.kind];
    return send(reply, status, code, error.message);
  }
  const status = (error as Partial<FastifyError>).statusCode;
  if (status && status >= 400 && status < 500) {
    return send(reply, status, status === 415 ? 'MEDIA_TYPE_ERROR' : 'PARAMETER_VALIDATE_ERROR', error.message);
  }
  req.log.error({ err: error }, 'request failed');
  return send(reply, 500, 'SERVER_ERROR', 'server error');
}
