import type {
  InstanceStore,
  StoredInstance,
  StoredInstanceRef,
  StoredService,
} from '../../src/core/naming/instance-store.js';
import { serviceKeyString, type ServiceKey } from '../../src/core/naming/naming-model.js';

/** An InstanceStore in memory, each write decided against what it holds: for core tests. */
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

  async changeService(key: ServiceKey, decide: (stored: StoredService | undefined) => StoredService) {
    const next = decide(structuredClone(this.services.get(serviceKeyString(key))));
    this.services.set(serviceKeyString(key), structuredClone(next));
    return next;
  }

  async removeService(key: ServiceKey): Promise<boolean> {
    return this.services.delete(serviceKeyString(key));
  }

  async saveInstance(instance: StoredInstance): Promise<void> {
    this.instances.set(instanceKey(instance.key, instance), structuredClone(instance));
  }

  async changeInstance(
    key: ServiceKey,
    ref: StoredInstanceRef,
    decide: (stored: StoredInstance | undefined) => StoredInstance,
  ) {
    const next = decide(structuredClone(this.instances.get(instanceKey(key, ref))));
    this.instances.set(instanceKey(key, ref), structuredClone(next));
    return next;
  }

  async removeInstance(key: ServiceKey, ref: StoredInstanceRef): Promise<boolean> {
    return this.instances.delete(instanceKey(key, ref));
  }
}

function instanceKey(key: ServiceKey, ref: { ip: string; port: number; clusterName: string }): string {
  return `${serviceKeyString(key)}\u0002${ref.clusterName}\u0002${ref.ip}\u0002${ref.port}`;
}
