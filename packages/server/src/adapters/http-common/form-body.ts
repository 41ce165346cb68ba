import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { invalid } from '../../shared/errors.js';
import { parseUtf8Form } from './utf8-params.js';
import { checkJsonStructure } from '../../shared/untrusted/json-structure.js';

/**
 * Form bodies are always decoded as UTF-8: the Node SDK declares `charset=GBK` while sending UTF-8, and the
 * Java server forces UTF-8 for the same reason. Malformed escapes are kept as text rather than rejected; bytes
 * that are not UTF-8 are refused (400), never stored as U+FFFD.
 */
export function registerFormBody(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit },
    (_req, body, done) => {
      try {
        done(null, parseUtf8Form(body as Buffer));
      } catch (err) {
        done(err as Error, undefined);
      }
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

/**
 * JSON bodies (the console API): fastify's parser over text decoded as UTF-8; a body that is not UTF-8 is
 * refused rather than parsed with U+FFFD in place of its bytes.
 */
/** Nesting and keys per object a console JSON body may have: far beyond any form's, far below a stack's. */
const JSON_BODY_LIMITS = { maxDepth: 64, maxKeys: 10_000 };

export function parseJsonBodies(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    if (!isUtf8(body as Buffer)) return done(invalid('the JSON body is not valid UTF-8'), undefined);
    const text = (body as Buffer).toString('utf8');
    // JSON.parse takes any depth, but what handlers then do with the value (copies, JSON.stringify) recurses
    try {
      checkJsonStructure(text, JSON_BODY_LIMITS, 'the JSON body');
    } catch (err) {
      return done(err as Error, undefined);
    }
    // fastify's parser calls `done` itself; its return value means nothing here
    void parseJson(req, text, done);
  });
}
