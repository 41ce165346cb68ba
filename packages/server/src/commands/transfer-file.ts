import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { decodeTransfer, type DecodedTransfer } from '../core/transfer/transfer-codec.js';
import { readTransfer, type TransferEntry } from '../core/transfer/transfer-reader.js';
import type { Progress } from './progress.js';

/** Size of a readable file, or a one-line error naming the problem. */
export async function fileSize(file: string): Promise<number> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error(`${file} is not a file`);
    return info.size;
  } catch (err) {
    throw new Error(`cannot read ${file}: ${describeFsError(err)}`, { cause: err });
  }
}

function describeFsError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'ENOENT') return 'no such file';
  if (e.code === 'EACCES') return 'permission denied';
  return e.message ?? String(err);
}

async function* fileChunks(file: string): AsyncGenerator<Uint8Array> {
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) yield chunk as Buffer;
}

/** Reads and validates a whole transfer file, showing progress by bytes. */
export async function readTransferFile(file: string, progress: Progress): Promise<DecodedTransfer> {
  const size = await fileSize(file);
  progress.start(`reading ${file}`, size);
  try {
    return await decodeTransfer(fileChunks(file), (bytes) => progress.update(bytes));
  } finally {
    progress.stop();
  }
}

/** The entries of a transfer file one by one, in constant memory. */
export function transferFileEntries(file: string): AsyncGenerator<TransferEntry> {
  return readTransfer(fileChunks(file));
}
