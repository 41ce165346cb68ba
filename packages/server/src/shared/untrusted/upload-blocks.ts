import { overLimit } from './untrusted-error.js';

const FIRST_BLOCK = 64 * 1024;
const LARGEST_BLOCK = 1024 * 1024;

/**
 * Copies a file stream into blocks this code alone owns, refusing it past `maxBytes`. The blocks can then
 * move to a worker without a copy (WorkerPool transfers whole buffers); each arriving chunk is copied in its
 * own turn of the event loop, so even a large upload never costs one long copy. Blocks grow from 64 KB to
 * 1 MB: a small upload holds little, a large one few blocks.
 */
export async function collectBlocks(
  stream: AsyncIterable<Uint8Array> & { truncated?: boolean },
  maxBytes: number,
): Promise<Uint8Array[]> {
  const blocks: Uint8Array[] = [];
  let block = new Uint8Array(0);
  let used = 0;
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.length;
    // past the limit the rest is read and dropped (up to the multipart parser's own limit), so the client
    // gets its answer instead of a connection closed under its upload
    if (total > maxBytes) {
      blocks.length = 0;
      continue;
    }
    for (let at = 0; at < chunk.length;) {
      if (used === block.length) {
        if (block.length > 0) blocks.push(block);
        block = new Uint8Array(Math.min(LARGEST_BLOCK, Math.max(FIRST_BLOCK, block.length * 2)));
        used = 0;
      }
      const n = Math.min(block.length - used, chunk.length - at);
      block.set(chunk.subarray(at, at + n), used);
      used += n;
      at += n;
    }
  }
  // the multipart parser stops a file at its own limit and marks it truncated
  if (total > maxBytes || stream.truncated) throw overLimit('upload-bytes', 'upload size in bytes', maxBytes);
  // the last block is cut to size with a copy (at most 1 MB), so every block owns its whole buffer
  if (used > 0) blocks.push(used === block.length ? block : block.slice(0, used));
  return blocks;
}
