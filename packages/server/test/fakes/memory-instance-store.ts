import type { InstanceStore, StoredInstance, StoredService } from '../../src/core/naming/instance-store.js';
import { serviceKeyString, type ServiceKey } from '../../src/core/naming/naming-model.js';

/** An InstanceStore in memory: for core tests. */
export class MemoryInstanceStore implements InstanceStore {
  readonly services = new Map<string, StoredService>();
  readonly instances = new Map<string, StoredInstance>();

  async loadAll() {
    return { services: [...this.services.values()], instances: [...this.instances.values()] };
  }

  async loadInstance(key: ServiceKey, ref: { ip: string; port: number; clusterName: string }) {
    return this.instances.get(instanceKey(key, ref));
  }

  async loadService(key: ServiceKey) {
    const prefix = `${serviceKeyString(key)}\u0002`;
    return {
      service: this.services.get(serviceKeyString(key)),
      instances: [...this.instances.entries()].filter(([k]) => k.startsWith(prefix)).map(([, i]) => i),
    };
  }

  async saveService(service: StoredService): Promise<void> {
    this.services.set(serviceKeyString(service.key), structuredClone(service));
  }

  async removeService(key: ServiceKey): Promise<void> {
    this.services.delete(serviceKeyString(key));
  }

  async saveInstance(instance: StoredInstance): Promise<void> {
    this.instances.set(instanceKey(instance.key, instance), structuredClone(instance));
  }

  async removeInstance(key: ServiceKey, ref: { ip: string; port: number; clusterName: string }): Promise<void> {
    this.instances.delete(instanceKey(key, ref));
  }
}

function instanceKey(key: ServiceKey, ref: { ip: string; port: number; clusterName: string }): string {
  return `${serviceKeyString(key)}\u0002${ref.clusterName}\u0002${ref.ip}\u0002${ref.port}`;
}
