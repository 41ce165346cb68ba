import type { StoreChange } from '../../core/cluster/store-change.js';

/** Doubted writes kept waiting for their announcement at most (a commit stuck in a frozen database). */
const MAX_DOUBTED = 1024;

/**
 * This node's writes whose outcome it does not know: the link broke or the time ran out after the COMMIT
 * was sent, so the write was answered as failed (503) though the database may have committed it. A node
 * skips the announcements of its own writes (its memory took them when they were answered), so such a
 * write, once committed, would stay missing from its memory for good. Its announcement is therefore
 * applied as another node's would be: when it arrives after the write failed, or, when it arrived while the
 * write was still waiting for its answer, as soon as the write fails.
 */
export class WriteDoubts {
  private next = 0;
  /** Writes under way, and the announcements of theirs the change feed heard already. */
  private readonly underWay = new Map<number, StoreChange[]>();
  /** Failed writes that may yet commit, oldest first. */
  private readonly doubted = new Set<number>();
  private settle: (change: StoreChange) => void = () => undefined;

  /** A write starts: its number goes with its announcements. */
  begin(): number {
    const write = ++this.next;
    this.underWay.set(write, []);
    return write;
  }

  /** The write ended: answered (`inDoubt` false: its outcome is known), or failed after its COMMIT was sent. */
  end(write: number, inDoubt: boolean): void {
    const heard = this.underWay.get(write);
    this.underWay.delete(write);
    if (!inDoubt || !heard) return;
    if (heard.length > 0) {
      for (const change of heard) this.settle(change);
      return;
    }
    this.doubted.add(write);
    if (this.doubted.size > MAX_DOUBTED) this.doubted.delete(this.doubted.values().next().value!);
  }

  /**
   * The change feed heard an announcement of this node's write `write`: answers whether to apply it as
   * another node's change (the write failed, its outcome unknown, and it did commit).
   */
  heardOwn(write: number, change: StoreChange): boolean {
    const heard = this.underWay.get(write);
    if (heard) heard.push(change);
    // a write of several changes announces them all at its commit
    return !heard && this.doubted.has(write);
  }

  /** Where the announcements heard before their write failed go (the change feed applies them). */
  onSettle(apply: (change: StoreChange) => void): void {
    this.settle = apply;
  }
}
