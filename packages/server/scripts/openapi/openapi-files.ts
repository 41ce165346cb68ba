import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { buildDocument } from './openapi-builder.js';
import { registeredRoutes, type Port, type RegisteredRoute } from './registered-routes.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The documents, by file in the repository: one per port (the ports serve some of the same paths). */
export const DOCUMENT_FILES: Record<Port, string> = {
  sdk: 'docs/openapi.json',
  console: 'docs/openapi-console.json',
};

/** Each document as the file holds it (formatted as Prettier formats the repository's JSON). */
export async function renderDocuments(routes: readonly RegisteredRoute[]): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const [port, file] of Object.entries(DOCUMENT_FILES) as [Port, string][]) {
    const filepath = path.join(REPO_ROOT, file);
    const options = (await prettier.resolveConfig(filepath)) ?? {};
    files[file] = await prettier.format(JSON.stringify(buildDocument(port, routes)), { ...options, filepath });
  }
  return files;
}

/** Builds the app, reads its routes and renders both documents. */
export async function generateDocuments(): Promise<Record<string, string>> {
  return renderDocuments(await registeredRoutes());
}
