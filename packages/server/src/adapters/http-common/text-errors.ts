import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_STATUS, NacosError } from '../../shared/errors.js';

export const TEXT = 'text/plain;charset=UTF-8';
export const SERVER_ERROR = 'server error';

/** What the SDK port answers for an error: its status and text; undefined for a server fault (500). */
export function textErrorOf(error: unknown): { status: number; message: string } | undefined {
  if (error instanceof NacosError) return { status: HTTP_STATUS[error.kind], message: error.message };
  const status = (error as Partial<FastifyError> | undefined)?.statusCode;
  if (status && status >= 400 && status < 500) return { status, message: (error as Error).message };
  return undefined;
}

/**
 * Errors on the SDK port are plain text with the status nacos clients act on (400 bad input, 403, 404, 409);
 * a client's mistake never becomes a 500.
 */
export function textErrorHandler(error: FastifyError | NacosError, req: FastifyRequest, reply: FastifyReply) {
  const known = textErrorOf(error);
  if (known) return reply.code(known.status).type(TEXT).send(known.message);
  req.log.error({ err: error }, 'request failed');
  return reply.code(500).type(TEXT).send(SERVER_ERROR);
}

export function registerTextErrors(app: FastifyInstance): void {
  app.setErrorHandler(textErrorHandler);
  app.setNotFoundHandler((req, reply) =>
    reply
      .code(404)
      .type(TEXT)
      .send(`no such endpoint: ${req.method} ${req.url.split('?')[0]}`),
  );
}
