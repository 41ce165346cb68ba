// Prints what the login route loads first (index.html, the entry chunk, its static imports, the login page
// chunk and their CSS) as gzip and as brotli — the precompressed copies the server sends — and fails the
// build when the gzip total exceeds the budget.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 160;
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/components/login-page.tsx'));
if (!entryKey || !loginKey) {
  console.error('bundle report: entry or login page chunk not found in the manifest');
  process.exit(1);
}

const files = new Set(['index.html']);
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) visit(dep);
};
visit(entryKey);
visit(loginKey);

let total = 0;
let sent = 0;
const rows = [...files].map((file) => {
  const body = readFileSync(path.join(dist, file));
  const size = gzipSync(body, { level: 9 }).length;
  // what the server sends a browser that accepts brotli: the .br copy, or the file itself when none is kept
  const br = path.join(dist, `${file}.br`);
  const brSize = existsSync(br) ? readFileSync(br).length : body.length;
  total += size;
  sent += brSize;
  return { file, kb: (size / 1024).toFixed(1), br: (brSize / 1024).toFixed(1) };
});
console.log('\nLogin route initial load (gzip / brotli as sent):');
for (const r of rows) console.log(`  ${r.kb.padStart(7)} KB  ${r.br.padStart(7)} KB  ${r.file}`);
console.log(
  `  ${(total / 1024).toFixed(1).padStart(7)} KB  ${(sent / 1024).toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB gzip)`,
);
if (total > BUDGET_KB * 1024) {
  console.error(`Login route exceeds the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
