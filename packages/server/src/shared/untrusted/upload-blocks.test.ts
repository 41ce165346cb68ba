import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { collectBlocks } from './upload-blocks.js';

const streamOf = (chunks: Buffer[], truncated = false) => Object.assign(Readable.from(chunks), { truncated });

describe('collectBlocks', () => {
  it('keeps every byte in blocks that own their whole buffer', async () => {
    const data = Buffer.from(Array.from({ length: 3_000_000 }, (_, i) => i % 251));
    const chunks = Array.from({ length: 47 }, (_, i) => data.subarray(i * 64_000, (i + 1) * 64_000));
    const blocks = await collectBlocks(streamOf(chunks), 3_000_000);
    expect(Buffer.concat(blocks).equals(data)).toBe(true);
    for (const block of blocks) expect(block.byteLength).toBe(block.buffer.byteLength);
    expect(blocks.length).toBeLessThanOrEqual(6);
  });

  it('refuses a file over its limit (read to its end, so the request can be answered), or one cut off, with 413', async () => {
    const over = streamOf([Buffer.alloc(600), Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(collectBlocks(over, 1000)).rejects.toMatchObject({
      limit: 'upload-bytes',
      status: 413,
      message: 'limit exceeded: upload size in bytes (1000)',
    });
    expect(over.readableEnded).toBe(true);
    await expect(collectBlocks(streamOf([Buffer.alloc(10)], true), 1000)).rejects.toMatchObject({ status: 413 });
  });
});
