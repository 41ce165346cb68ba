import type { FastifyInstance } from 'fastify';

/**
 * Form bodies are always decoded as UTF-8: the Node SDK declares `charset=GBK` while sending UTF-8, and the
 * Java server forces UTF-8 for the same reason. Malformed escapes are kept as text rather than rejected.
 */
export function registerFormBody(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit },
    (_req, body, done) => {
      const params: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams((body as Buffer).toString('utf8'))) {
        if (!(k in params)) params[k] = v;
      }
      done(null, params);
    },
  );
}

/**
 * On the SDK port every route reads only the query and form bodies, as nacos servers do, so any other body is
 * ignored rather than parsed or refused: nacos-client 1.4 labels every request `application/json` (its
 * `removeConfig` DELETE has no body at all), and aiohttp (under the Python SDK) labels the empty body of its
 * login POST `application/octet-stream`. Fastify's own JSON and text parsers go too.
 */
export function ignoreOtherBodies(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, _body, done) => done(null, undefined));
}

/** JSON bodies again, in a scope under `ignoreOtherBodies` that needs them (the no-login console). */
export function parseJsonBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'error'));
}
