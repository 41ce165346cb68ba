// Writes the placeholder console page served at /rnacos until the React console is built here.
import { mkdirSync, writeFileSync } from 'node:fs';

mkdirSync(new URL('./dist/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('./dist/index.html', import.meta.url),
  '<!doctype html><html><head><meta charset="utf-8"><title>tsnacos</title></head>' +
    '<body><h1>tsnacos</h1><p>The web console is on its way.</p></body></html>\n',
);
