import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { httpLogger } from '../http-common/http-logger.js';
import type { Core } from '../../core/core.js';
import type { Logger } from '../../shared/logger.js';

export interface ConsoleHttpDeps {
  core: Core;
  logger: Logger;
}

/** Where `npm run build` of packages/web leaves the console (from src/ under tsx and from dist/ alike). */
export const WEB_DIST = new URL('../../../../web/dist/', import.meta.url);

/** The console port (10848): the web console under `/rnacos`. */
export function createConsoleHttpServer(deps: ConsoleHttpDeps): FastifyInstance {
  const app = Fastify({ loggerInstance: httpLogger(deps.logger, 'console') });
  const index = async () => readFile(new URL('index.html', WEB_DIST), 'utf8');
  app.get('/', async (_req, reply) => reply.redirect('/rnacos/'));
  for (const path of ['/rnacos', '/rnacos/', '/rnacos/index.html']) {
    app.get(path, async (_req, reply) => reply.type('text/html; charset=utf-8').send(await index()));
  }
  return app;
}
