// Builds the server into a few bundled files under dist/ (dist/main.js is the `tsnacos` command).
// One bundle instead of hundreds of modules: Node spends about 140 ms less loading it at start-up.
// Type checking is `npm run typecheck`; this only transpiles.
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';

const dist = new URL('./dist/', import.meta.url);
rmSync(dist, { recursive: true, force: true });

await build({
  // the workers are entries of their own: upload-parser.ts starts dist/parse-worker.js (console uploads),
  // captcha-renderer.ts dist/captcha-worker.js (login captcha pictures)
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    'parse-worker': new URL('./src/adapters/console-api/uploads/parse-worker.ts', import.meta.url).pathname,
    'captcha-worker': new URL('./src/core/auth/captcha-worker.ts', import.meta.url).pathname,
  },
  outdir: dist.pathname,
  bundle: true,
  // what only some commands need (the cluster store, the MySQL converter) stays in chunks loaded on demand
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // smaller text to parse at start-up (about 10 ms); names stay, so stack traces still read
  minifyWhitespace: true,
  minifySyntax: true,
  // load from node_modules: native code, packages that find their own files at run time, and the CommonJS
  // packages that are loaded with import() (bundled, such a chunk exports only a default: @fastify/cookie's
  // import('cookie') then finds no stringifySetCookie). Their named exports need Node's own import: mysql2
  // (only the MySQL converter loads it) and cookie.
  external: ['better-sqlite3', 'pg-native', 'jimp', 'mysql2', 'cookie'],
  // the bundled CommonJS packages call require() for Node's own modules
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

chmodSync(new URL('./main.js', dist), 0o755);
