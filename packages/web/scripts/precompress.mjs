// Writes brotli (.br) and gzip (.gz) copies beside the built console's text files, once at build time, so
// the server sends them as they are to browsers that accept them (no compression work per request).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|md|txt)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Compresses every text file under `dir`, small ones too (a copy is kept only when it is smaller): a page
 * load fetches many small chunks, and each one sent plain costs bytes on a slow link.
 */
export function precompress(dir) {
  let plain = 0;
  let brotli = 0;
  let count = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    plain += body.length;
    brotli += br.length;
    count++;
  }
  return { count, plain, brotli };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const { count, plain, brotli } = precompress(dist);
  console.log(
    `precompressed ${count} files: ${(plain / 1024).toFixed(0)} KB -> ${(brotli / 1024).toFixed(0)} KB brotli`,
  );
}
