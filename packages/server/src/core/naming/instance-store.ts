import type { ServiceKey, ServiceSettings } from './naming-model.js';

/** A service created or edited through the maintain API or the console. */
export interface StoredService {
  key: ServiceKey;
  settings: ServiceSettings;
  createdAt: number;
  modifiedAt: number;
}

/** A persistent instance (`ephemeral=false`). Ephemeral instances are never stored. */
export interface StoredInstance {
  key: ServiceKey;
  ip: string;
  port: number;
  clusterName: string;
  instanceId: string;
  weight: number;
  healthy: boolean;
  enabled: boolean;
  metadata: Record<string, string>;
  appName: string;
  registeredAt: number;
  modifiedAt: number;
}

/** An instance within its service. */
export interface StoredInstanceRef {
  ip: string;
  port: number;
  clusterName: string;
}

/**
 * Durable storage of the registry's persistent part: explicit services and persistent instances. Every
 * method resolves only once the change is durable; the registry acknowledges clients after that. Whether a
 * service or instance exists is decided by what is stored when the write runs, not by a node's copy.
 */
export interface InstanceStore {
  loadAll(): Promise<{ services: StoredService[]; instances: StoredInstance[] }>;
  /** One persistent instance as stored now. */
  loadInstance(key: ServiceKey, ref: StoredInstanceRef): Promise<StoredInstance | undefined>;
  /** One service as stored now: its explicit settings (when created explicitly) and persistent instances. */
  loadService(key: ServiceKey): Promise<{ service: StoredService | undefined; instances: StoredInstance[] }>;
  /**
   * Decides one explicit service write from the stored row (no other writer changes it meanwhile) and
   * writes what `decide` answers; `decide` may throw to refuse. Resolves what was written.
   */
  changeService(key: ServiceKey, decide: (stored: StoredService | undefined) => StoredService): Promise<StoredService>;
  /** Removes an explicit service; false when none was stored. */
  removeService(key: ServiceKey): Promise<boolean>;
  /** Inserts or replaces the instance with the same (service, cluster, ip, port); writes only what differs. */
  saveInstance(instance: StoredInstance): Promise<void>;
  /** As `changeService`, for one stored persistent instance. */
  changeInstance(
    key: ServiceKey,
    ref: StoredInstanceRef,
    decide: (stored: StoredInstance | undefined) => StoredInstance,
  ): Promise<StoredInstance>;
  /** Removes a persistent instance; false when none was stored. */
  removeInstance(key: ServiceKey, ref: StoredInstanceRef): Promise<boolean>;
}
