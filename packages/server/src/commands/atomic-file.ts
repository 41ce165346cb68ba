import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `chunks` to a temp file beside `target`, syncs it and renames it into place: the target either
 * keeps its old state or gets the complete new file, never a partial one.
 */
export async function writeFileAtomically(
  target: string,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<number> {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
  let written = 0;
  const file = await open(temp, 'wx').catch((err: NodeJS.ErrnoException) => {
    throw new Error(`cannot write ${target}: ${err.code === 'ENOENT' ? 'its directory does not exist' : err.message}`);
  });
  try {
    for await (const chunk of chunks) {
      await file.write(chunk);
      written += chunk.length;
    }
    await file.sync();
    await file.close();
    await rename(temp, target);
    return written;
  } catch (err) {
    await file.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw err;
  }
}
