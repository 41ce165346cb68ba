import { serviceKeyString, type InstanceRecord, type ServiceKey } from './naming-model.js';
import { instanceIdentity, ServiceEntry } from './service-entry.js';

/**
 * The in-memory registry: services by key, and which instances each gRPC connection owns, so a
 * disconnect removes exactly its instances. Pure data structure: no events, no store.
 */
export class ServiceRegistry {
  private readonly services = new Map<string, ServiceEntry>();
  /** connection id -> service key string -> instance identities it owns there. */
  private readonly byConnection = new Map<string, Map<string, Set<string>>>();
  private instanceTotal = 0;

  get serviceCount(): number {
    return this.services.size;
  }

  get instanceCount(): number {
    return this.instanceTotal;
  }

  get(key: ServiceKey): ServiceEntry | undefined {
    return this.services.get(serviceKeyString(key));
  }

  getByString(keyString: string): ServiceEntry | undefined {
    return this.services.get(keyString);
  }

  ensure(key: ServiceKey, now: number): ServiceEntry {
    const keyString = serviceKeyString(key);
    let entry = this.services.get(keyString);
    if (!entry) {
      entry = new ServiceEntry(key, keyString, now);
      this.services.set(keyString, entry);
    }
    return entry;
  }

  /** Drops a service that has no instances left. */
  drop(entry: ServiceEntry): void {
    if (entry.instances.size > 0) throw new Error(`service ${entry.groupedName} still has instances`);
    this.services.delete(entry.keyString);
  }

  /** Forgets the services only their instances created that have been empty since `before` or earlier. */
  dropEmptyImplicit(before: number): void {
    for (const entry of this.services.values()) {
      if (!entry.explicit && entry.instances.size === 0 && entry.emptySince !== null && entry.emptySince <= before) {
        this.drop(entry);
      }
    }
  }

  entries(): IterableIterator<ServiceEntry> {
    return this.services.values();
  }

  /** Adds or replaces the instance with the same identity; returns the one it replaced. */
  put(entry: ServiceEntry, record: InstanceRecord): InstanceRecord | undefined {
    const identity = instanceIdentity(record.ip, record.port, record.clusterName);
    const previous = entry.instances.get(identity);
    if (previous) this.unindex(entry, identity, previous);
    else this.instanceTotal++;
    entry.instances.set(identity, record);
    if (record.owner.kind === 'connection') {
      const owned = this.byConnection.get(record.owner.connectionId) ?? new Map<string, Set<string>>();
      this.byConnection.set(record.owner.connectionId, owned);
      const identities = owned.get(entry.keyString) ?? new Set<string>();
      owned.set(entry.keyString, identities);
      identities.add(identity);
    }
    return previous;
  }

  remove(entry: ServiceEntry, identity: string): InstanceRecord | undefined {
    const record = entry.instances.get(identity);
    if (!record) return undefined;
    entry.instances.delete(identity);
    this.instanceTotal--;
    this.unindex(entry, identity, record);
    return record;
  }

  /** Identities a connection owns in one service (a copy), empty when none. */
  ownedBy(connectionId: string, keyString: string): string[] {
    return [...(this.byConnection.get(connectionId)?.get(keyString) ?? [])];
  }

  /** Service key strings where a connection owns instances. */
  servicesOf(connectionId: string): string[] {
    return [...(this.byConnection.get(connectionId)?.keys() ?? [])];
  }

  private unindex(entry: ServiceEntry, identity: string, record: InstanceRecord): void {
    if (record.owner.kind !== 'connection') return;
    const owned = this.byConnection.get(record.owner.connectionId);
    const identities = owned?.get(entry.keyString);
    if (!owned || !identities) return;
    identities.delete(identity);
    if (identities.size === 0) owned.delete(entry.keyString);
    if (owned.size === 0) this.byConnection.delete(record.owner.connectionId);
  }
}
