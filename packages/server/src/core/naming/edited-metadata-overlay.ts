import type { Clock } from '../../shared/clock.js';
import { EditedMetadata } from './edited-metadata.js';
import type { InstanceMetadataStore } from './instance-metadata-store.js';
import type { Instance, InstanceInput, InstancePatch, ServiceKey } from './naming-model.js';
import type { ServiceRegistry } from './service-registry.js';

/**
 * Puts an operator's metadata edits over what ephemeral instances register with (as r-nacos), and keeps
 * each such edit. Off unless the service is given a metadata store; it costs nothing then.
 */
export class EditedMetadataOverlay {
  /** Metadata edits that outlive their ephemeral instance; undefined when that is off. */
  private edited: EditedMetadata | undefined;

  constructor(
    private readonly registry: ServiceRegistry,
    private readonly clock: Clock,
  ) {}

  /** Turns the overlay on with the edits stored so far. */
  async load(store: InstanceMetadataStore): Promise<void> {
    this.edited = await EditedMetadata.load(store);
  }

  /** Whether some edit is held: a batch of registrations needs no lookups otherwise. */
  get any(): boolean {
    return this.edited?.empty === false;
  }

  /** The input with the metadata an operator edited for its ip:port, when there is one. */
  over(key: ServiceKey, input: InstanceInput, ref: { ip: string; port: number }): InstanceInput {
    const metadata = this.edited?.lookup(key, ref.ip, ref.port);
    return metadata === undefined ? input : Object.assign({}, input, { metadata });
  }

  /** An edit that set the metadata of an ephemeral instance is kept for its next registrations. */
  async remember(key: ServiceKey, patch: InstancePatch, instance: Instance): Promise<Instance> {
    if (!this.edited || patch.metadata === undefined || !instance.ephemeral) return instance;
    const { ip, port, clusterName, metadata } = instance;
    await this.edited.remember({ key, ip, port, clusterName, metadata: { ...metadata }, editedAt: this.clock.now() });
    return instance;
  }

  /** Forgets the edits of instances that stayed away for the retention time. */
  sweep(now: number): void {
    this.edited?.sweep(now, (e) => this.registry.get(e.key)?.get(e.ip, e.port, e.clusterName) !== undefined);
  }
}
