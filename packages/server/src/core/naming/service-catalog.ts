import type { Clock } from '../../shared/clock.js';
import { invalid, notFound } from '../../shared/errors.js';
import type { KeyedLock } from '../../shared/keyed-lock.js';
import type { InstanceStore, StoredService } from './instance-store.js';
import {
  groupedName,
  NO_SELECTOR,
  serviceKeyString,
  type ServiceChange,
  type ServiceKey,
  type ServiceSettings,
  type ServiceView,
} from './naming-model.js';
import { checkMetadata, checkProtectThreshold, checkSelector } from './naming-validation.js';
import type { ServiceEntry } from './service-entry.js';
import type { ServiceRegistry } from './service-registry.js';

export interface ServiceListFilter {
  namespaceId?: string;
  groupName?: string;
}

/**
 * Services as such: explicit creation, settings (protect threshold, metadata, selector), removal and
 * listings. A service also appears implicitly with its first instance; editing it makes it explicit,
 * which stores it and keeps it when it has no instances.
 */
export class ServiceCatalog {
  constructor(
    private readonly registry: ServiceRegistry,
    private readonly store: InstanceStore,
    private readonly clock: Clock,
    private readonly locks: KeyedLock,
    private readonly changed: (entry: ServiceEntry) => void,
  ) {}

  /** Loads a stored service at start. */
  restore(s: StoredService): void {
    const entry = this.registry.ensure(s.key, s.createdAt);
    entry.explicit = true;
    entry.settings = s.settings;
    entry.createdAt = s.createdAt;
    entry.modifiedAt = s.modifiedAt;
  }

  get(key: ServiceKey): ServiceView | undefined {
    return this.registry.get(key)?.view();
  }

  /** Services ordered by group then name. */
  list(filter: ServiceListFilter = {}): ServiceView[] {
    const out: ServiceView[] = [];
    for (const entry of this.registry.entries()) {
      if (filter.namespaceId !== undefined && entry.key.namespaceId !== filter.namespaceId) continue;
      if (filter.groupName !== undefined && entry.key.groupName !== filter.groupName) continue;
      out.push(entry.view());
    }
    return out.sort(
      (a, b) => a.key.groupName.localeCompare(b.key.groupName) || a.key.serviceName.localeCompare(b.key.serviceName),
    );
  }

  /** Names (without group) of one group's services, sorted. */
  names(namespaceId: string, groupName: string): string[] {
    const names: string[] = [];
    for (const entry of this.registry.entries()) {
      if (entry.key.namespaceId === namespaceId && entry.key.groupName === groupName) names.push(entry.key.serviceName);
    }
    return names.sort();
  }

  /** Creates a service; invalid when it already exists (has instances here, or is stored). */
  async create(key: ServiceKey, input: Partial<ServiceSettings>): Promise<ServiceView> {
    const exists = () => invalid(`specified service already exists: ${groupedName(key)}`);
    if ((this.registry.get(key)?.instances.size ?? 0) > 0) throw exists();
    const settings: ServiceSettings = {
      protectThreshold: checkProtectThreshold(input.protectThreshold ?? 0),
      metadata: checkMetadata({ ...(input.metadata ?? {}) }),
      selector: checkSelector(input.selector ?? NO_SELECTOR),
    };
    const now = this.clock.now();
    return this.write(key, (stored) => {
      if (stored) throw exists();
      return { key, settings, createdAt: now, modifiedAt: now };
    });
  }

  /**
   * Changes the settings given (of the service as stored); not_found when the service does not exist. A
   * function is given the current settings, under the service's lock, and answers the ones to change.
   */
  async update(key: ServiceKey, change: ServiceChange): Promise<ServiceView> {
    const now = this.clock.now();
    return this.write(key, (stored) => {
      // not stored: it exists only through its instances, and becomes explicit
      const entry = this.registry.get(key);
      const implicit = entry && (!entry.explicit || entry.instances.size > 0) ? entry : undefined;
      const current = stored ?? (implicit && { settings: implicit.settings, createdAt: implicit.createdAt });
      if (!current) throw notFound(`service not found: ${groupedName(key)}`);
      const input = typeof change === 'function' ? change(current.settings) : change;
      const settings: ServiceSettings = {
        protectThreshold:
          input.protectThreshold === undefined
            ? current.settings.protectThreshold
            : checkProtectThreshold(input.protectThreshold),
        metadata: input.metadata === undefined ? current.settings.metadata : checkMetadata({ ...input.metadata }),
        selector: input.selector === undefined ? current.settings.selector : checkSelector(input.selector),
      };
      return { key, settings, createdAt: current.createdAt, modifiedAt: now };
    });
  }

  /** Removes an empty service; invalid while it has instances, not_found when neither stored nor known here. */
  async remove(key: ServiceKey): Promise<void> {
    const entry = this.registry.get(key);
    if (entry && entry.instances.size > 0) {
      throw invalid(
        `service ${groupedName(key)} has ${entry.instances.size} instance(s); deregister them before deleting it`,
      );
    }
    const removed = await this.locks.run(serviceKeyString(key), () => this.store.removeService(key));
    if (!entry) {
      if (!removed) throw notFound(`service not found: ${groupedName(key)}`);
      return;
    }
    entry.explicit = false;
    // Instances may have arrived while the store worked: then the service stays, as an implicit one.
    if (entry.instances.size > 0) return;
    this.changed(entry);
    if (this.registry.get(key) === entry) this.registry.drop(entry);
  }

  /** One explicit service write, decided by the store from what it holds; memory follows what was written. */
  private async write(
    key: ServiceKey,
    decide: (stored: StoredService | undefined) => StoredService,
  ): Promise<ServiceView> {
    return this.locks.run(serviceKeyString(key), async () => {
      const written = await this.store.changeService(key, decide);
      this.restore(written);
      const entry = this.registry.ensure(key, written.createdAt);
      this.changed(entry);
      return entry.view();
    });
  }
}
