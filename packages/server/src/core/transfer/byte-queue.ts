/** Bytes received but not yet consumed, kept as the chunks they arrived in (no copying until taken). */
export class ByteQueue {
  private chunks: Uint8Array[] = [];
  private head = 0;
  length = 0;

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The byte at `index` from the front, or undefined past the end. */
  at(index: number): number | undefined {
    if (index >= this.length) return undefined;
    let i = index + this.head;
    for (const chunk of this.chunks) {
      if (i < chunk.length) return chunk[i];
      i -= chunk.length;
    }
    return undefined;
  }

  /** Removes and returns the first `n` bytes (n <= length). */
  take(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let filled = 0;
    while (filled < n) {
      const chunk = this.chunks[0];
      const available = chunk.length - this.head;
      const count = Math.min(available, n - filled);
      out.set(chunk.subarray(this.head, this.head + count), filled);
      filled += count;
      this.head += count;
      if (this.head === chunk.length) {
        this.chunks.shift();
        this.head = 0;
      }
    }
    this.length -= n;
    return out;
  }
}
