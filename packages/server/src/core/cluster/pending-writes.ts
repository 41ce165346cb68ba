import type { InstanceRef } from './store-change.js';
import { identityOf } from './owned-diff.js';

const NONE: ReadonlySet<string> = new Set();

/** What clients asked of one service that the next write must carry out, by instance identity. */
export interface ServiceWrites {
  /** Registered: written whatever the store holds. */
  forced: ReadonlySet<string>;
  /** Deregistered by their client: removed at once, without the grace of a closed connection. */
  dropped: ReadonlySet<string>;
  /** Deregistered through this node: removed wherever they are stored. */
  anywhere: InstanceRef[];
}

/** Clients' writes of own instances waiting for the next group commit, per service. */
export class PendingWrites {
  private readonly forced = new Map<string, Set<string>>();
  private readonly dropped = new Map<string, Set<string>>();
  private readonly anywhere = new Map<string, Map<string, InstanceRef>>();

  add(keyString: string, writes: { forced?: Iterable<string>; dropped?: Iterable<string>; anywhere?: InstanceRef[] }) {
    addAll(this.forced, keyString, writes.forced ?? []);
    addAll(this.dropped, keyString, writes.dropped ?? []);
    for (const ref of writes.anywhere ?? []) {
      let refs = this.anywhere.get(keyString);
      if (!refs) this.anywhere.set(keyString, (refs = new Map<string, InstanceRef>()));
      refs.set(identityOf(ref), { ip: ref.ip, port: ref.port, clusterName: ref.clusterName });
    }
  }

  /** Registrations of the service still to be written. */
  forcedOf(keyString: string): ReadonlySet<string> {
    return this.forced.get(keyString) ?? NONE;
  }

  /** Takes what is pending for the service (put back with `add` when its write fails). */
  take(keyString: string): ServiceWrites {
    const taken = {
      forced: this.forced.get(keyString) ?? NONE,
      dropped: this.dropped.get(keyString) ?? NONE,
      anywhere: [...(this.anywhere.get(keyString)?.values() ?? [])],
    };
    this.forced.delete(keyString);
    this.dropped.delete(keyString);
    this.anywhere.delete(keyString);
    return taken;
  }
}

function addAll(sets: Map<string, Set<string>>, keyString: string, identities: Iterable<string>): void {
  let set = sets.get(keyString);
  for (const identity of identities) {
    if (!set) sets.set(keyString, (set = new Set()));
    set.add(identity);
  }
}
