import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_STATUS, NacosError } from '../../shared/errors.js';

/**
 * Errors on the SDK port are plain text with the status nacos clients act on (400 bad input, 403, 404, 409);
 * a client's mistake never becomes a 500.
 */
export function textErrorHandler(error: FastifyError | NacosError, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof NacosError) {
    return reply.code(HTTP_STATUS[error.kind]).type('text/plain;charset=UTF-8').send(error.message);
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.code(status).type('text/plain;charset=UTF-8').send(error.message);
  }
  req.log.error({ err: error }, 'request failed');
  return reply.code(500).type('text/plain;charset=UTF-8').send('server error');
}

export function registerTextErrors(app: FastifyInstance): void {
  app.setErrorHandler(textErrorHandler);
  app.setNotFoundHandler((req, reply) =>
    reply
      .code(404)
      .type('text/plain;charset=UTF-8')
      .send(`no such endpoint: ${req.method} ${req.url.split('?')[0]}`),
  );
}
