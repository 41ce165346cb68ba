import type { ServiceKey } from './naming-model.js';

/**
 * Metadata an operator set on an ephemeral instance (console or maintain API), kept apart from the
 * instance so that it outlives it: a client registering the same ip:port again gets it back.
 */
export interface EditedInstanceMetadata {
  key: ServiceKey;
  ip: string;
  port: number;
  /** The cluster of the edited instance: where its presence is looked for. */
  clusterName: string;
  metadata: Record<string, string>;
  editedAt: number;
}

/** Durable storage of edited metadata, one row per service and ip:port; each write resolves once durable. */
export interface InstanceMetadataStore {
  loadAllEdited(): Promise<EditedInstanceMetadata[]>;
  /** Inserts or replaces the row of the same service and ip:port. */
  saveEdited(edit: EditedInstanceMetadata): Promise<void>;
  /** False when there was no such row. */
  removeEdited(key: ServiceKey, ip: string, port: number): Promise<boolean>;
}
