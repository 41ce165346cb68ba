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

/**
 * Durable storage of the registry's persistent part: explicit services and persistent instances. Every
 * method resolves only once the change is durable; the registry acknowledges clients after that.
 */
export interface InstanceStore {
  loadAll(): Promise<{ services: StoredService[]; instances: StoredInstance[] }>;
  /** One persistent instance as stored now. */
  loadInstance(
    key: ServiceKey,
    ref: { ip: string; port: number; clusterName: string },
  ): Promise<StoredInstance | undefined>;
  /** One service as stored now: its explicit settings (when created explicitly) and persistent instances. */
  loadService(key: ServiceKey): Promise<{ service: StoredService | undefined; instances: StoredInstance[] }>;
  saveService(service: StoredService): Promise<void>;
  removeService(key: ServiceKey): Promise<void>;
  /** Inserts or replaces the instance with the same (service, cluster, ip, port). */
  saveInstance(instance: StoredInstance): Promise<void>;
  removeInstance(key: ServiceKey, ref: { ip: string; port: number; clusterName: string }): Promise<void>;
}
