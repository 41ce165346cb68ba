import type { JsonLimits } from '../../../shared/untrusted/json-structure.js';
import type { WorkerPoolOptions } from '../../../shared/untrusted/worker-pool.js';
import type { YamlLimits } from '../../../shared/untrusted/yaml-document.js';
import type { ZipLimits } from '../../../shared/untrusted/zip-entries.js';

/**
 * The bounds of every console upload. Each is read in a parse worker (upload-parser.ts); sizes and counts are
 * decided from the zip's central directory before anything is inflated, structure while the text is read,
 * and a job that runs past its deadline has its worker terminated. Real files sit far inside them: an MCP
 * YAML file is a few KB, a tool's input schema at most 256 KB as JSON (mcp-input.ts).
 */

const KB = 1024;
const MB = 1024 * KB;

/** The multipart parser's own limit on any uploaded file (transfer backups can be large). */
export const UPLOAD_LIMIT = 256 * MB;

/** Two workers at most (the server has other work); four uploads may wait, later ones are answered busy. */
export const PARSE_WORKERS: Omit<WorkerPoolOptions, 'entry'> = {
  maxWorkers: 2,
  maxQueued: 4,
  heapMb: 256,
  idleMs: 10_000,
};

/** One MCP server or tool spec per file: a few hundred nodes in practice. */
export const MCP_YAML: YamlLimits = { maxDepth: 64, maxKeys: 10_000, maxAliases: 100, maxNodes: 50_000 };

/** The MCP screens' zips: about 1 ms per small file to parse, so 10,000 files fit the deadline. */
export const MCP_ZIP = {
  uploadBytes: 64 * MB,
  zip: { maxEntries: 10_000, maxEntryBytes: 512 * KB, maxTotalBytes: 64 * MB } satisfies ZipLimits,
  yaml: MCP_YAML,
  deadlineMs: 30_000,
};

/**
 * Config zips: each entry within the config size limit, all of them within ten times that (as before), at
 * most 50,000 entries. The zip itself may be a little larger than its contents (nacos and tsnacos store the
 * entries uncompressed, with headers).
 */
export function configZipLimits(maxContentBytes: number) {
  const zip: ZipLimits = { maxEntries: 50_000, maxEntryBytes: maxContentBytes, maxTotalBytes: 10 * maxContentBytes };
  return { uploadBytes: Math.min(UPLOAD_LIMIT, zip.maxTotalBytes + 16 * MB), zip, deadlineMs: 30_000 };
}

/**
 * Transfer files (whole-store backups, tens of MB): decoded in one pass; the JSON inside MCP records (a tool's
 * definition, a route rule) is checked for structure before anything parses it.
 */
export const TRANSFER = {
  uploadBytes: UPLOAD_LIMIT,
  json: { maxDepth: 64, maxKeys: 10_000 } satisfies JsonLimits,
  deadlineMs: 60_000,
};
