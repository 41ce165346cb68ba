// Puts the project's README and docs beside the built console as HTML pages (and the markdown they come
// from), so the About page can link to the documentation of the very version that serves it (also where
// the server has no internet access).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { docsPage } from './docs-html.mjs';

const root = new URL('../../../', import.meta.url);
const target = new URL('../dist/docs/', import.meta.url);
mkdirSync(target, { recursive: true });
const sources = [
  new URL('README.md', root),
  ...readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .map((name) => new URL(`docs/${name}`, root)),
];
const nameOf = (url) => fileURLToPath(url).split('/').pop().replace(/\.md$/, '');
const pages = new Set(sources.map(nameOf));
for (const source of sources) {
  const name = nameOf(source);
  copyFileSync(source, new URL(`${name}.md`, target));
  const title = name === 'README' ? 'tsnacos' : `tsnacos: ${name}`;
  writeFileSync(new URL(`${name}.html`, target), docsPage(readFileSync(source, 'utf8'), title, pages));
}
console.log(`docs rendered to ${fileURLToPath(target)}`);
