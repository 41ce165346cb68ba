import type { BatchItem } from '../../../core/config/config-batch.js';
import { decodeRecord, type DecodedRecord } from '../../../core/transfer/transfer-codec.js';
import { T_MCP_SERVER, T_MCP_TOOL_SPEC, TransferFormatError } from '../../../core/transfer/transfer-format.js';
import type { TransferHeaderInfo } from '../../../core/transfer/transfer-model.js';
import { readTransfer } from '../../../core/transfer/transfer-reader.js';
import { batched, joined, type Job } from '../../../shared/untrusted/job-worker.js';
import { checkJsonStructure, type JsonLimits } from '../../../shared/untrusted/json-structure.js';
import { unreadable } from '../../../shared/untrusted/untrusted-error.js';
import type { YamlLimits } from '../../../shared/untrusted/yaml-document.js';
import type { ZipLimits } from '../../../shared/untrusted/zip-entries.js';
import { configsFromZip } from '../config-zip.js';
import { yamlEntries } from '../mcp/mcp-archive.js';

/**
 * The jobs of the parse worker (parse-worker.ts): each reads one uploaded file and sends what it found back
 * in parts of about 1 MB (measured: a part costs the main thread well under a millisecond to receive).
 */

const PART_BYTES = 1024 * 1024;

export interface McpArchiveParams {
  zip: ZipLimits;
  yaml: YamlLimits;
}
export type McpArchivePart = Array<{ name: string; value: unknown }>;
export interface McpArchiveResult {
  failed: string[];
}

const mcpArchive: Job = ({ chunks, params }, emit) => {
  const parts = batched<McpArchivePart[number]>(emit, 1000, PART_BYTES);
  // a parsed entry is about as large as its text, which is at most maxEntryBytes
  const failed = yamlEntries(joined(chunks), params as McpArchiveParams, (entry) => parts.add(entry, 1024));
  parts.flush();
  return { failed } satisfies McpArchiveResult;
};

export interface ConfigZipParams {
  namespaceId: string;
  zip: ZipLimits;
}
export type ConfigZipPart = BatchItem[];
export interface ConfigZipResult {
  ignored: string[];
}

const configZip: Job = ({ chunks, params }, emit) => {
  const { namespaceId, zip } = params as ConfigZipParams;
  const parts = batched<BatchItem>(emit, 1000, PART_BYTES);
  const ignored = configsFromZip(joined(chunks), namespaceId, zip, (item) => parts.add(item, item.content.length));
  parts.flush();
  return { ignored } satisfies ConfigZipResult;
};

export interface TransferParams {
  json: JsonLimits;
}
export type TransferPart = DecodedRecord[];
export interface TransferResult {
  header?: TransferHeaderInfo;
  bytes: number;
}

const transfer: Job = async ({ chunks, params }, emit) => {
  const { json } = params as TransferParams;
  const parts = batched<DecodedRecord>(emit, 2000, PART_BYTES);
  let header: TransferHeaderInfo | undefined;
  try {
    for await (const entry of readTransfer(chunks)) {
      if (entry.kind === 'header') {
        header = entry.header;
        continue;
      }
      const { record } = entry;
      const decoded = decodeRecord(record);
      checkMcpJson(decoded, json, `the record at byte ${record.offset}`);
      parts.add(decoded, record.key.length + record.value.length);
    }
  } catch (err) {
    if (err instanceof TransferFormatError) throw unreadable(err.message);
    throw err;
  }
  parts.flush();
  return { header, bytes: chunks.reduce((n, c) => n + c.length, 0) } satisfies TransferResult;
};

/** The JSON texts the import will parse: a tool's definition per version, a route rule per tool. */
function checkMcpJson(decoded: DecodedRecord, limits: JsonLimits, where: string): void {
  if (decoded.table === T_MCP_TOOL_SPEC) {
    for (const v of decoded.spec.versions) checkJsonStructure(v.parametersJson, limits, where);
  } else if (decoded.table === T_MCP_SERVER) {
    const { currentValue, releaseValue, histories } = decoded.server;
    for (const value of [currentValue, releaseValue, ...histories]) {
      for (const tool of value?.tools ?? []) checkJsonStructure(tool.routeRuleJson, limits, where);
    }
  }
}

export const UPLOAD_JOBS: Record<string, Job> = { 'mcp-archive': mcpArchive, 'config-zip': configZip, transfer };
