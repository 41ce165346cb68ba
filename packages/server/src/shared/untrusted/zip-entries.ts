import { unzipSync, type UnzipFileInfo } from 'fflate';
import { overLimit, unreadable, UntrustedInputError } from './untrusted-error.js';

export interface ZipLimits {
  /** Entries in the central directory, wanted or not. */
  maxEntries: number;
  /** Unpacked bytes of one wanted entry. */
  maxEntryBytes: number;
  /** Unpacked bytes of all wanted entries together. */
  maxTotalBytes: number;
}

/**
 * The wanted entries of a zip, unpacked, in the zip's order. Every limit is decided from the central directory before anything is
 * inflated: a first pass only lists the entries. fflate inflates an entry into a buffer of its declared size
 * (more output is dropped), so the declared sizes bound memory; an entry whose compressed size is larger than
 * deflate could make of its declared size is a lie, and is refused, so the work of inflating stays within the
 * declared sizes too.
 */
export function unzipWithin(
  zip: Uint8Array,
  limits: ZipLimits,
  wanted: (name: string) => boolean,
): Map<string, Uint8Array> {
  const chosen = new Set<string>();
  let entries = 0;
  let total = 0;
  unzipOrRefuse(zip, (file) => {
    if (++entries > limits.maxEntries) throw overLimit('zip-entries', 'entries in a zip', limits.maxEntries);
    if (!wanted(file.name)) return false;
    const unpacked = file.compression === 0 ? Math.max(file.size, file.originalSize) : file.originalSize;
    if (unpacked > limits.maxEntryBytes) {
      throw overLimit('zip-entry-bytes', 'unpacked bytes of a zip entry', limits.maxEntryBytes, file.name);
    }
    total += unpacked;
    if (total > limits.maxTotalBytes)
      throw overLimit('zip-total-bytes', 'unpacked bytes of a zip', limits.maxTotalBytes);
    if (file.compression !== 0 && file.compression !== 8) {
      throw unreadable(
        `${file.name}: compression method ${file.compression} is not supported (only stored and deflate)`,
      );
    }
    if (file.compression === 8 && file.size > deflateBound(file.originalSize)) {
      throw unreadable(`${file.name}: its compressed size (${file.size}) does not fit its declared size`);
    }
    chosen.add(file.name);
    return false;
  });
  if (chosen.size === 0) return new Map();
  return new Map(Object.entries(unzipOrRefuse(zip, (file) => chosen.has(file.name))));
}

/** The most deflate output a well-formed encoder writes for `n` bytes (stored blocks and framing), with room. */
const deflateBound = (n: number) => n + Math.ceil(n / 1024) + 64;

function unzipOrRefuse(zip: Uint8Array, filter: (file: UnzipFileInfo) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(zip, { filter });
  } catch (err) {
    if (err instanceof UntrustedInputError) throw err;
    throw unreadable(`the upload is not a valid zip file: ${(err as Error).message}`);
  }
}
