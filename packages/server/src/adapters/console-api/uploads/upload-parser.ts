import type { BatchItem } from '../../../core/config/config-batch.js';
import { DecodedRecords, type DecodedTransfer } from '../../../core/transfer/transfer-codec.js';
import { TransferFormatError } from '../../../core/transfer/transfer-format.js';
import { collectBlocks } from '../../../shared/untrusted/upload-blocks.js';
import { UntrustedInputError } from '../../../shared/untrusted/untrusted-error.js';
import { WorkerPool } from '../../../shared/untrusted/worker-pool.js';
import type {
  ConfigZipParams,
  ConfigZipPart,
  ConfigZipResult,
  McpArchiveParams,
  McpArchivePart,
  McpArchiveResult,
  TransferParams,
  TransferPart,
  TransferResult,
} from './upload-jobs.js';
import { configZipLimits, MCP_ZIP, PARSE_WORKERS, TRANSFER } from './upload-limits.js';

/**
 * What the console's upload routes call: each reads the uploaded file into memory (within its size limit),
 * then has it parsed in the process's parse workers, never on the event loop. Refusals are
 * UntrustedInputError (the envelope answers 413, 400 or 429 with the message).
 */

type FileStream = AsyncIterable<Uint8Array> & { truncated?: boolean };

let pool: WorkerPool | undefined;

/** The workers run dist/parse-worker.js next to the bundle's chunks, or the source through tsx. */
function parsePool(): WorkerPool {
  pool ??= new WorkerPool({
    entry: new URL(import.meta.url.endsWith('.ts') ? './parse-worker.ts' : './parse-worker.js', import.meta.url),
    ...PARSE_WORKERS,
  });
  return pool;
}

export interface McpArchive {
  entries: McpArchivePart;
  failed: string[];
}

export async function readMcpArchive(file: FileStream): Promise<McpArchive> {
  const blocks = await collectBlocks(file, MCP_ZIP.uploadBytes);
  const params: McpArchiveParams = { zip: MCP_ZIP.zip, yaml: MCP_ZIP.yaml };
  const entries: McpArchivePart = [];
  const { failed } = await parsePool().run<McpArchiveResult>('mcp-archive', params, blocks, {
    deadlineMs: MCP_ZIP.deadlineMs,
    onPart: (part) => {
      for (const entry of part as McpArchivePart) entries.push(entry);
    },
  });
  return { entries, failed };
}

export async function readConfigZip(
  file: FileStream,
  namespaceId: string,
  maxContentBytes: number,
): Promise<{ items: BatchItem[]; ignored: string[] }> {
  const limits = configZipLimits(maxContentBytes);
  const blocks = await collectBlocks(file, limits.uploadBytes);
  const params: ConfigZipParams = { namespaceId, zip: limits.zip };
  const items: BatchItem[] = [];
  const { ignored } = await parsePool().run<ConfigZipResult>('config-zip', params, blocks, {
    deadlineMs: limits.deadlineMs,
    onPart: (part) => {
      for (const item of part as ConfigZipPart) items.push(item);
    },
  });
  return { items, ignored };
}

/** A transfer file, decoded and validated whole (TransferFormatError's message names the damaged byte). */
export async function readTransferUpload(file: FileStream): Promise<DecodedTransfer> {
  const blocks = await collectBlocks(file, TRANSFER.uploadBytes);
  const params: TransferParams = { json: TRANSFER.json };
  const records = new DecodedRecords();
  const result = await parsePool().run<TransferResult>('transfer', params, blocks, {
    deadlineMs: TRANSFER.deadlineMs,
    onPart: (part) => {
      for (const decoded of part as TransferPart) records.add(decoded);
    },
  });
  try {
    return records.finish(result.header, result.bytes);
  } catch (err) {
    if (err instanceof TransferFormatError) throw new UntrustedInputError('invalid', err.message);
    throw err;
  }
}
