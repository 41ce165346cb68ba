import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_STATUS, NacosError, type ErrorKind } from '../../shared/errors.js';
import { UntrustedInputError } from '../../shared/untrusted/untrusted-error.js';

/**
 * nacos's `Result` envelope (`{code, message, data}`, code 0 = success), answered by its v2 and v3 HTTP
 * APIs, with the codes of nacos's `ErrorCode` that these doors report.
 */
export interface NacosResult<T> {
  code: number;
  message: string;
  data: T;
}

export const RESULT_CODE = {
  SUCCESS: 0,
  PARAMETER_MISSING: 10000,
  ACCESS_DENIED: 10001,
  PARAMETER_VALIDATE_ERROR: 20002,
  RESOURCE_NOT_FOUND: 20004,
  RESOURCE_CONFLICT: 20005,
  INSTANCE_NOT_FOUND: 21003,
  SERVICE_NOT_EXIST: 21008,
  NAMESPACE_NOT_EXIST: 22001,
  NAMESPACE_ALREADY_EXIST: 22002,
  SERVER_ERROR: 30000,
  MCP_SERVER_NOT_FOUND: 50000,
  MCP_SERVER_VERSION_NOT_FOUND: 50001,
  AGENT_NOT_FOUND: 50100,
  AGENT_VERSION_NOT_FOUND: 50101,
  PARSING_DATA_FAILED: 100004,
  DATA_EMPTY: 100005,
} as const;

/** nacos's message for each code (its `ErrorCode.msg`); the detail goes in `data`. */
const CODE_MESSAGE: Record<number, string> = {
  10000: 'parameter missing',
  10001: 'access denied',
  20002: 'parameter validate error',
  20004: 'resource not found',
  20005: 'resource conflict',
  21003: 'instance not found',
  21008: 'service not exist',
  22001: 'namespace not exist',
  22002: 'namespace already exist',
  30000: 'server error',
  50000: 'MCP server not found',
  50001: 'MCP server version not found',
  50100: 'Agent not found',
  50101: 'Agent version not found',
  100004: 'Failed to parse data',
  100005: 'Imported file data is empty',
};

export const ok = <T>(data: T): NacosResult<T> => ({ code: RESULT_CODE.SUCCESS, message: 'success', data });

/** An error carrying the nacos code it is answered with (its HTTP status follows `kind`). */
export class ResultError extends NacosError {
  constructor(
    kind: ErrorKind,
    readonly code: number,
    message: string,
  ) {
    super(kind, message);
  }
}

export const fail = (kind: ErrorKind, code: number, message: string) => new ResultError(kind, code, message);

/** nacos's answer to a required parameter left out (400, 10000). */
export const parameterMissing = (name: string) =>
  fail('invalid', RESULT_CODE.PARAMETER_MISSING, `Required parameter '${name}' type String is not present`);

/** The code an error of core's kind is answered with. */
const CODE_OF_KIND: Record<ErrorKind, number> = {
  invalid: RESULT_CODE.PARAMETER_VALIDATE_ERROR,
  forbidden: RESULT_CODE.ACCESS_DENIED,
  not_found: RESULT_CODE.RESOURCE_NOT_FOUND,
  conflict: RESULT_CODE.RESOURCE_CONFLICT,
  unavailable: RESULT_CODE.SERVER_ERROR,
};

/** The envelope of a failure: nacos puts its code's label in `message` and the detail in `data`. */
export function failureBody(code: number, detail: string): NacosResult<string> {
  return { code, message: CODE_MESSAGE[code] ?? 'error', data: detail };
}

/** Status and envelope of an error; undefined for a server fault. */
export function resultErrorOf(error: unknown): { status: number; body: NacosResult<string> } | undefined {
  if (error instanceof ResultError)
    return { status: HTTP_STATUS[error.kind], body: failureBody(error.code, error.message) };
  if (error instanceof NacosError) {
    return { status: HTTP_STATUS[error.kind], body: failureBody(CODE_OF_KIND[error.kind], error.message) };
  }
  // an upload refused by its parser: past a limit (413), damaged (400), or no worker free (429)
  if (error instanceof UntrustedInputError) {
    const code = error.kind === 'invalid' ? RESULT_CODE.PARSING_DATA_FAILED : RESULT_CODE.PARAMETER_VALIDATE_ERROR;
    return { status: error.status, body: failureBody(code, error.message) };
  }
  const status = (error as Partial<FastifyError> | undefined)?.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, body: failureBody(RESULT_CODE.PARAMETER_VALIDATE_ERROR, (error as Error).message) };
  }
  return undefined;
}

/** Error handler for routes answering the envelope: a client's mistake never becomes a 500. */
export function resultErrorHandler(error: FastifyError | NacosError, req: FastifyRequest, reply: FastifyReply) {
  const known = resultErrorOf(error);
  if (known) return reply.code(known.status).send(known.body);
  req.log.error({ err: error }, 'request failed');
  return reply.code(500).send(failureBody(RESULT_CODE.SERVER_ERROR, 'server error'));
}
