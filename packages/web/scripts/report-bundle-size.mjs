// Prints the gzip size of what the login route loads first (entry chunk, its static imports, the login
// page chunk and their CSS) and fails the build when it exceeds the budget.
import { readFileSync } from 'node:fs';
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

const files = new Set();
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
const rows = [...files].map((file) => {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  return { file, kb: (size / 1024).toFixed(1) };
});
console.log('\nLogin route initial load (gzip):');
for (const r of rows) console.log(`  ${r.kb.padStart(7)} KB  ${r.file}`);
console.log(`  ${(total / 1024).toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB * 1024) {
  console.error(`Login route exceeds the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
