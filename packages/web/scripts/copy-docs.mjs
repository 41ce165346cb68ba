// Puts the project's README and docs beside the built console, so the About page can link to the
// documentation of the very version that serves it (also where the server has no internet access).
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../../../', import.meta.url);
const target = new URL('../dist/docs/', import.meta.url);
mkdirSync(target, { recursive: true });
copyFileSync(new URL('README.md', root), new URL('README.md', target));
for (const name of readdirSync(new URL('docs/', root))) {
  if (name.endsWith('.md')) copyFileSync(new URL(`docs/${name}`, root), new URL(name, target));
}
console.log(`docs copied to ${fileURLToPath(target)}`);
