import { identityOf, type Published } from './owned-diff.js';
import type { InstanceRef } from './store-change.js';

/**
 * Own instances gone from memory but kept in the store for a grace period: a client moving to another
 * node (failover, reloadCurrent) closes its old connection before it registers again there, and the
 * other nodes keep listing it meanwhile. A client's own deregistration is not held.
 */
export class RemovalGrace {
  /** By service and identity: since when (local ms). */
  private readonly leaving = new Map<string, Map<string, number>>();

  constructor(private readonly graceMs: number) {}

  /**
   * Leaves in `removed` what may go now; those held stay in `after` as `published` had them. Answers
   * whether some are held (the service must be looked at again).
   */
  hold(
    keyString: string,
    removed: InstanceRef[],
    after: Published,
    published: Published | undefined,
    dropped: ReadonlySet<string>,
  ): boolean {
    const previous = this.leaving.get(keyString);
    const leaving = new Map<string, number>();
    const now = Date.now();
    const kept = removed.filter((ref) => {
      const identity = identityOf(ref);
      const since = previous?.get(identity) ?? now;
      if (dropped.has(identity) || now - since >= this.graceMs) return true;
      leaving.set(identity, since);
      after.set(identity, { ref, signature: published?.get(identity)?.signature ?? '' });
      return false;
    });
    removed.splice(0, removed.length, ...kept);
    if (leaving.size > 0) this.leaving.set(keyString, leaving);
    else this.leaving.delete(keyString);
    return leaving.size > 0;
  }
}
