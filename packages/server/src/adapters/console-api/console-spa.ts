import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where `npm run build` of packages/web leaves the console: the dist/ of the @tsnacos/web workspace package. */
export const WEB_DIST = new URL(
  './dist/',
  pathToFileURL(createRequire(import.meta.url).resolve('@tsnacos/web/package.json')),
);

/** Hashed asset names change with their content, so browsers may keep them (seven days, as r-nacos). */
const ASSET_CACHE = 'max-age=604800, public';

/** What a rendered documentation page may load: nothing but its own inline style. */
const DOCS_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:";

/** Console pages the browser may open directly; each answers with index.html (history fallback). */
const PAGE_PATHS = [
  '/rnacos',
  '/rnacos/',
  '/rnacos/index.html',
  '/rnacos/404',
  '/rnacos/nopermission',
  '/rnacos/manage/*',
  '/rnacos/p/*',
];
/** Un-prefixed paths of older consoles: sent on to the same page under `/rnacos`. */
const LEGACY_PAGE_PATHS = ['/', '/index.html', '/404', '/nopermission', '/manage/*', '/p/*'];

/** A path under `/rnacos` that names no file: a console page, known or not (the console shows its 404 page). */
export function isConsolePagePath(path: string): boolean {
  return path.startsWith('/rnacos/') && !path.startsWith('/rnacos/api/') && !/\.[a-z0-9]+$/i.test(path);
}

/**
 * Serves the built web console at `/rnacos`: index.html for every page path, files under it as they are.
 * Returns the index sender for the not-found handler (pages no route names, e.g. `/rnacos/manage`).
 */
export async function registerConsoleSpa(
  app: FastifyInstance,
  distDir: URL = WEB_DIST,
): Promise<(reply: FastifyReply) => Promise<FastifyReply>> {
  const root = fileURLToPath(distDir);
  const indexFile = new URL('index.html', distDir);
  const sendIndex = async (reply: FastifyReply) => {
    if (!existsSync(indexFile)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('the web console is not built: run npm run build');
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(indexFile, 'utf8'));
  };
  for (const path of PAGE_PATHS) app.get(path, async (_req, reply) => sendIndex(reply));
  for (const path of LEGACY_PAGE_PATHS) {
    app.get(path, async (req, reply) => reply.redirect(`/rnacos${req.url === '/' ? '/' : req.url}`));
  }
  if (existsSync(root)) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/rnacos/',
      index: false,
      wildcard: true,
      // the build leaves .br and .gz copies beside the text files: sent as they are when the browser takes them
      preCompressed: true,
      setHeaders: (reply, path) => {
        // the documentation changes with the version, so no long cache; its markdown reads as text, its
        // rendered pages may only style themselves (they hold no script)
        if (path.endsWith('.md')) {
          void reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'no-cache');
        } else if (/[\\/]docs[\\/][^\\/]+\.html$/.test(path)) {
          void reply.header('Cache-Control', 'no-cache').header('Content-Security-Policy', DOCS_CSP);
        } else {
          void reply.header('Cache-Control', ASSET_CACHE);
        }
      },
    });
  }
  return sendIndex;
}
