import type { Clock } from '../../shared/clock.js';
import type { EditedMetadataOverlay } from './edited-metadata-overlay.js';
import { buildRecord, withHealth, type TimeoutDefaults } from './instance-records.js';
import {
  BEAT_OWNER,
  DEFAULT_BEAT_INTERVAL_MS,
  DEFAULT_CLUSTER,
  type Instance,
  type InstanceInput,
  type InstanceRecord,
  type InstanceRef,
  type ServiceKey,
} from './naming-model.js';
import type { NamingMirror } from './naming-mirror.js';
import { checkInstanceRef } from './naming-validation.js';
import type { ServiceEntry } from './service-entry.js';
import type { ServiceRegistry } from './service-registry.js';

export interface BeatResult {
  /** False: unknown instance and no beat body to register it from (clients re-register on code 20404). */
  found: boolean;
  clientBeatInterval: number;
  instance?: Instance;
}

/**
 * The ephemeral instances HTTP clients keep alive with beats (their expiry is the health checker's): a
 * beat refreshes its instance and restores its health, and registers an unknown one from the beat body.
 */
export class BeatInstances {
  constructor(
    private readonly registry: ServiceRegistry,
    private readonly clock: Clock,
    private readonly options: TimeoutDefaults,
    private readonly edits: EditedMetadataOverlay,
    private readonly cluster: NamingMirror,
    /** Puts a record in its service, announcing the change when one is visible. */
    private readonly apply: (key: ServiceKey, record: InstanceRecord) => Instance,
    private readonly changed: (entry: ServiceEntry) => void,
  ) {}

  /** An HTTP heartbeat (the Node client never re-registers by itself: the body does it for it). */
  beat(key: ServiceKey, refInput: InstanceRef, body?: InstanceInput): BeatResult {
    const entry = this.registry.get(key);
    // Beats are the busiest call: a known instance is found without re-validating what matched it.
    let record = entry?.get(refInput.ip, refInput.port, refInput.clusterName?.trim() || DEFAULT_CLUSTER);
    const now = this.clock.now();
    if (!entry || !record) {
      const ref = checkInstanceRef(refInput);
      record = entry?.get(ref.ip, ref.port, ref.clusterName);
      if (!entry || !record) {
        if (!body) return { found: false, clientBeatInterval: DEFAULT_BEAT_INTERVAL_MS };
        const given = this.edits.over(key, body, ref);
        const created = this.apply(
          key,
          buildRecord(key, Object.assign({}, given, ref, { ephemeral: true }), BEAT_OWNER, now, this.options),
        );
        return { found: true, clientBeatInterval: created.beatInterval, instance: created };
      }
    }
    if (record.owner.kind === 'remote') {
      // while its owner lives, the owner hears of the beat; otherwise this node takes the instance over
      const takenOver = { owner: BEAT_OWNER, lastBeat: now, healthy: true, modifiedAt: now };
      if (!this.cluster.relayBeat(key, record, now)) record = this.apply(key, Object.assign({}, record, takenOver));
      return { found: true, clientBeatInterval: record.beatInterval, instance: record };
    }
    record.lastBeat = now;
    if (!record.healthy && record.owner.kind === 'beat') {
      record = withHealth(record, true, now);
      this.registry.put(entry, record);
      this.changed(entry);
    }
    return { found: true, clientBeatInterval: record.beatInterval, instance: record };
  }
}
