import type { Clock } from '../../shared/clock.js';
import type { EditedMetadataOverlay } from './edited-metadata-overlay.js';
import { connectionRecords, sameVisible, type TimeoutDefaults } from './instance-records.js';
import { connectionOwner, type Instance, type InstanceInput, type ServiceKey } from './naming-model.js';
import type { NamingMirror } from './naming-mirror.js';
import { instanceIdentity, type ServiceEntry } from './service-entry.js';
import type { ServiceRegistry } from './service-registry.js';

/**
 * The ephemeral instances gRPC connections own: a connection's set in a service is replaced as a whole,
 * and goes when the connection does (no beats, no expiry).
 */
export class ConnectionInstances {
  constructor(
    private readonly registry: ServiceRegistry,
    private readonly clock: Clock,
    private readonly options: TimeoutDefaults,
    private readonly edits: EditedMetadataOverlay,
    private readonly cluster: NamingMirror,
    private readonly changed: (entry: ServiceEntry) => void,
  ) {}

  /**
   * Makes `inputs` the whole set of ephemeral instances the connection has in this service (nacos 2.x
   * batch register; single register and deregister are the cases of one and none). Atomic: invalid input
   * changes nothing.
   */
  async replace(connectionId: string, key: ServiceKey, inputs: InstanceInput[], batch: boolean): Promise<Instance[]> {
    const owner = connectionOwner(connectionId);
    const now = this.clock.now();
    const existing = this.registry.get(key);
    const given = this.edits.any ? inputs.map((input) => this.edits.over(key, input, input)) : inputs;
    const records = connectionRecords(key, given, owner, now, this.options, existing, batch);
    if (!existing && records.length === 0) return [];
    const entry = existing ?? this.registry.ensure(key, now);
    const keep = new Set(records.map((r) => instanceIdentity(r.ip, r.port, r.clusterName)));
    const removed: string[] = [];
    for (const identity of this.registry.ownedBy(connectionId, entry.keyString)) {
      if (!keep.has(identity) && this.registry.remove(entry, identity) !== undefined) removed.push(identity);
    }
    let changed = removed.length > 0;
    for (const record of records) {
      const previous = this.registry.put(entry, record);
      if (!previous || !sameVisible(previous, record) || previous.owner.kind === 'remote') changed = true;
    }
    if (changed) this.changed(entry);
    // in a cluster, answered once the store holds it (registered, or removed without the grace of a close)
    await this.cluster.committed(key, [...keep], removed);
    return records;
  }

  /** A connection went away: its instances go with it. */
  removeAll(connectionId: string): void {
    for (const keyString of this.registry.servicesOf(connectionId)) {
      const entry = this.registry.getByString(keyString);
      if (!entry) continue;
      for (const identity of this.registry.ownedBy(connectionId, keyString)) this.registry.remove(entry, identity);
      this.changed(entry);
    }
  }
}
