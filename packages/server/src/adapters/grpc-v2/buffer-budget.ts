/**
 * Bytes of unfinished gRPC messages held in memory, under a cap. A connection's budget draws on the
 * server's too, so one connection cannot take it all and many together cannot exceed the server's.
 */
export class BufferBudget {
  private usedBytes = 0;

  constructor(
    readonly capBytes: number,
    private readonly parent?: BufferBudget,
  ) {}

  get used(): number {
    return this.usedBytes;
  }

  /** Reserves `bytes`, or returns false (and reserves nothing) when that would pass a cap. */
  take(bytes: number): boolean {
    if (this.usedBytes + bytes > this.capBytes) return false;
    if (this.parent && !this.parent.take(bytes)) return false;
    this.usedBytes += bytes;
    return true;
  }

  give(bytes: number): void {
    this.usedBytes -= bytes;
    this.parent?.give(bytes);
  }
}
