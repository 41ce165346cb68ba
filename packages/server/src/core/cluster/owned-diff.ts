import { toStored } from '../naming/instance-records.js';
import type { StoredInstance } from '../naming/instance-store.js';
import type { InstanceRecord, ServiceKey } from '../naming/naming-model.js';
import { instanceIdentity } from '../naming/service-entry.js';
import type { OwnedChanges } from './cluster-store.js';
import type { InstanceRef } from './store-change.js';

/** What a node wrote last of one of its own instances, and the record it was written from (if known). */
export interface PublishedEntry {
  ref: InstanceRef;
  signature: string;
  /** A record changes visibly in place only in `healthy`; any other change replaces it. */
  record?: InstanceRecord;
  healthy?: boolean;
}

/** What a node wrote last of its own instances in one service, by identity (`ip#port#cluster`). */
export type Published = Map<string, PublishedEntry>;

/** What another node sees of an instance (not its times, which change with every beat). */
export function signatureOf(i: StoredInstance): string {
  return JSON.stringify([i.instanceId, i.weight, i.healthy, i.enabled, i.appName, i.metadata]);
}

export const identityOf = (r: InstanceRef): string => instanceIdentity(r.ip, r.port, r.clusterName);

/**
 * The writes that bring the store from `before` to `own` (this node's instances now): those in `forced`
 * (a client registered them: written whatever the store holds), and updates of those whose signature
 * changed.
 * A record written before and unchanged since costs a comparison, not a signature.
 */
export function diffOwned(
  key: ServiceKey,
  before: Published,
  own: InstanceRecord[],
  forced: ReadonlySet<string>,
): { changes: OwnedChanges; after: Published } {
  const after: Published = new Map();
  const changes: OwnedChanges = { put: [], update: [], removed: [] };
  for (const record of own) {
    const identity = instanceIdentity(record.ip, record.port, record.clusterName);
    const previous = before.get(identity);
    const isForced = forced.has(identity);
    if (previous && previous.record === record && previous.healthy === record.healthy && !isForced) {
      after.set(identity, previous);
      continue;
    }
    const stored = toStored(key, record);
    const signature = signatureOf(stored);
    const ref = { ip: record.ip, port: record.port, clusterName: record.clusterName };
    after.set(identity, { ref, signature, record, healthy: record.healthy });
    if (isForced) changes.put.push(stored);
    else if (previous?.signature !== signature) changes.update!.push(stored);
  }
  for (const [identity, { ref }] of before) if (!after.has(identity)) changes.removed.push(ref);
  return { changes, after };
}
