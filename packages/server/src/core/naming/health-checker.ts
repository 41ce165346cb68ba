import { withHealth } from './instance-records.js';
import type { ServiceEntry } from './service-entry.js';
import { instanceIdentity } from './service-entry.js';
import type { ServiceRegistry } from './service-registry.js';

export interface HealthReport {
  /** Services whose instances changed (health or membership). */
  changed: ServiceEntry[];
  markedUnhealthy: number;
  removed: number;
}

/**
 * Heartbeat expiry of ephemeral HTTP instances (nacos `ClientBeatCheckTask`): silent longer than the
 * beat timeout -> unhealthy; longer than the delete timeout -> removed. Each instance carries its own
 * timeouts (preserved.* metadata or the server defaults). Time comes from the caller, so tests drive it
 * with a manual clock.
 */
export class HealthChecker {
  constructor(private readonly registry: ServiceRegistry) {}

  check(now: number): HealthReport {
    const changed: ServiceEntry[] = [];
    let markedUnhealthy = 0;
    let removed = 0;
    for (const entry of this.registry.entries()) {
      let entryChanged = false;
      for (const record of entry.instances.values()) {
        if (record.owner.kind !== 'beat') continue;
        const silent = now - record.lastBeat;
        if (silent > record.deleteTimeout) {
          this.registry.remove(entry, instanceIdentity(record.ip, record.port, record.clusterName));
          removed++;
          entryChanged = true;
        } else if (silent > record.beatTimeout && record.healthy) {
          // replacing the value of a key already visited does not disturb the iteration
          this.registry.put(entry, withHealth(record, false, now));
          markedUnhealthy++;
          entryChanged = true;
        }
      }
      if (entryChanged) changed.push(entry);
    }
    return { changed, markedUnhealthy, removed };
  }
}
