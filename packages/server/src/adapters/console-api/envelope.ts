import type { ApiResult, ApiResultOld, ConsoleResult, ErrorCode } from '@tsnacos/protocol';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { LoginError } from '../../core/auth/auth-service.js';
import { NacosError, type ErrorKind } from '../../shared/errors.js';
import { UntrustedInputError } from '../../shared/untrusted/untrusted-error.js';

export const ok = <T>(data: T): ApiResult<T> => ({ data, success: true, code: null, message: null });

export const fail = (code: ErrorCode, message: string | null): ApiResult<never> => ({
  data: null,
  success: false,
  code,
  message,
});

/** The login check's answers: note `msg`, not `message`. */
export const noLogin = (): ApiResultOld => ({ data: null, success: false, code: 'NO_LOGIN', msg: null });
export const noPermission = (): ApiResultOld => ({ data: null, success: false, code: 'NO_PERMISSION', msg: null });

export const consoleOk = <T>(data: T): ConsoleResult<T> => ({ code: 200, message: null, data });
export const consoleFail = (message: string): ConsoleResult<never> => ({ code: 500, message, data: null });

/**
 * A console business error: answered as HTTP 200 with `success:false` (the console decides from the body),
 * unless `status` says otherwise (uploads and downloads are judged by their status).
 */
export class ConsoleError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string | null,
    readonly status = 200,
  ) {
    super(message ?? code);
    this.name = 'ConsoleError';
  }
}

const CODE_OF_KIND: Record<ErrorKind, ErrorCode> = {
  invalid: 'PARAM_ERROR',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  forbidden: 'NO_PERMISSION',
  unavailable: 'SYSTEM_ERROR',
};

/** Status and body for any error a console handler raised. */
export function errorAnswer(error: unknown): { status: number; body: ApiResult<never>; unexpected: boolean } {
  if (error instanceof ConsoleError)
    return { status: error.status, body: fail(error.code, error.message), unexpected: false };
  if (error instanceof LoginError) return { status: 200, body: fail(error.code, error.message), unexpected: false };
  // an upload past a limit (413), damaged (400), or with no parse worker free (429)
  if (error instanceof UntrustedInputError)
    return { status: error.status, body: fail('PARAM_ERROR', error.message), unexpected: false };
  if (error instanceof NacosError) {
    // the store out of reach is the server's state, not the request's: 503, still with the envelope
    const status = error.kind === 'unavailable' ? 503 : 200;
    return { status, body: fail(CODE_OF_KIND[error.kind], error.message), unexpected: false };
  }
  // Framework rejections (bad JSON, wrong content type, body too large) keep their 4xx status.
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, body: fail('PARAM_ERROR', (error as Error).message), unexpected: false };
  }
  return { status: 200, body: fail('SYSTEM_ERROR', 'server error'), unexpected: true };
}

export function sendError(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = errorAnswer(error);
  if (answer.unexpected) req.log.error({ err: error }, 'console request failed');
  return reply.code(answer.status).send(answer.body);
}

/**
 * The raw v1 lists' failures: plain text, HTTP 401 for a namespace refusal and 400 for bad input (any other
 * error as `sendError` answers it).
 */
export function sendTextError(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const refused = error instanceof ConsoleError && error.code === 'NO_NAMESPACE_PERMISSION';
  const status = refused ? 401 : error instanceof NacosError ? 400 : 0;
  if (!status) return sendError(error, req, reply);
  return reply
    .code(status)
    .type('text/plain; charset=utf-8')
    .send((error as Error).message);
}
