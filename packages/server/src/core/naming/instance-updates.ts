import type { Clock } from '../../shared/clock.js';
import { invalid, notFound } from '../../shared/errors.js';
import type { KeyedLock } from '../../shared/keyed-lock.js';
import { fromStored, patchedRecord, storedPatch, type TimeoutDefaults } from './instance-records.js';
import type { InstanceStore } from './instance-store.js';
import {
  serviceKeyString,
  type Instance,
  type InstanceInput,
  type InstancePatch,
  type InstanceRecord,
  type InstanceRef,
  type ServiceKey,
} from './naming-model.js';
import type { NamingMirror } from './naming-mirror.js';
import { checkInstanceRef } from './naming-validation.js';
import type { ServiceRegistry } from './service-registry.js';

/**
 * Changes to instances that exist (the maintain API and the console): only the fields given change. A
 * persistent instance, and in a cluster any instance, is changed as stored, whichever node holds it.
 */
export class InstanceUpdates {
  constructor(
    private readonly registry: ServiceRegistry,
    private readonly store: InstanceStore,
    private readonly clock: Clock,
    private readonly options: TimeoutDefaults,
    private readonly locks: KeyedLock,
    private readonly cluster: NamingMirror,
    /** Puts a record in its service, announcing the change when one is visible. */
    private readonly apply: (key: ServiceKey, record: InstanceRecord) => Instance,
    /** Registers an instance not stored anywhere (`edited`: an operator's earlier edit replaces its metadata). */
    private readonly register: (key: ServiceKey, input: InstanceInput, edited: boolean) => Promise<Instance>,
  ) {}

  /** Registers when absent (here and in the store), otherwise changes only the fields given. */
  async update(key: ServiceKey, input: InstanceInput): Promise<Instance> {
    const ref = checkInstanceRef(input);
    const current = this.registry.get(key)?.get(ref.ip, ref.port, ref.clusterName);
    if (current && input.ephemeral !== undefined && input.ephemeral !== current.ephemeral) {
      throw invalid(
        `instance ${ref.ip}:${ref.port} is ${current.ephemeral ? 'ephemeral' : 'persistent'}; deregister it first to change that`,
      );
    }
    if (this.cluster.shared && current?.owner.kind !== 'persistent') {
      // the store knows every node's ephemeral instances, also one this node has not heard of yet
      const edited = await this.cluster.patchShared(key, ref, input);
      if (edited) return edited;
    } else if (current) return this.patch(key, ref, input);
    if (!(await this.store.loadInstance(key, ref))) return this.register(key, input, !input.metadata);
    return this.patch(key, ref, input);
  }

  /** Changes only the fields given; not_found when the instance does not exist. */
  async patch(key: ServiceKey, refInput: InstanceRef, patch: InstancePatch): Promise<Instance> {
    const ref = checkInstanceRef(refInput);
    const current = this.registry.get(key)?.get(ref.ip, ref.port, ref.clusterName);
    if (this.cluster.shared && current?.owner.kind !== 'persistent') {
      // decided on the stored row, whichever node owns it and whatever this node has heard of it
      const edited = await this.cluster.patchShared(key, ref, patch);
      if (edited) return edited;
      if (current) throw notFound(`instance not found: ${ref.ip}:${ref.port} (the node owning it has let it go)`);
    } else if (current && current.owner.kind !== 'persistent') {
      return this.apply(key, patchedRecord(current, patch, this.clock.now(), this.options));
    }
    // a persistent instance is patched as stored (this node may not have heard of it yet, or be behind)
    return this.locks.run(serviceKeyString(key), async () => {
      const now = this.clock.now();
      const written = await this.store.changeInstance(key, ref, storedPatch(key, ref, patch, now, this.options));
      return this.apply(key, fromStored(written, now, this.options));
    });
  }
}
