// Writes the OpenAPI documents of the SDK HTTP port and the console port (docs/openapi*.json) from the
// routes the server registers: `npm run docs:openapi`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateDocuments, REPO_ROOT } from './openapi/openapi-files.js';

for (const [file, text] of Object.entries(await generateDocuments())) {
  writeFileSync(path.join(REPO_ROOT, file), text);
  console.log(`wrote ${file}`);
}
