import type { Clock } from '../../shared/clock.js';
import { invalid, notFound } from '../../shared/errors.js';
import type { KeyedLock } from '../../shared/keyed-lock.js';
import type { InstanceStore, StoredService } from './instance-store.js';
import {
  groupedName,
  NO_SELECTOR,
  serviceKeyString,
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

  /** Creates a service; invalid when it already exists (has instances or was created before). */
  async create(key: ServiceKey, input: Partial<ServiceSettings>): Promise<ServiceView> {
    const existing = this.registry.get(key);
    if (existing && (existing.explicit || existing.instances.size > 0)) {
      throw invalid(`specified service already exists: ${groupedName(key)}`);
    }
    const settings: ServiceSettings = {
      protectThreshold: checkProtectThreshold(input.protectThreshold ?? 0),
      metadata: checkMetadata({ ...(input.metadata ?? {}) }),
      selector: checkSelector(input.selector ?? NO_SELECTOR),
    };
    return this.save(key, settings, true);
  }

  /** Changes the settings given; not_found when the service does not exist. */
  async update(key: ServiceKey, input: Partial<ServiceSettings>): Promise<ServiceView> {
    const entry = this.registry.get(key);
    if (!entry) throw notFound(`service not found: ${groupedName(key)}`);
    const settings: ServiceSettings = {
      protectThreshold:
        input.protectThreshold === undefined
          ? entry.settings.protectThreshold
          : checkProtectThreshold(input.protectThreshold),
      metadata: input.metadata === undefined ? entry.settings.metadata : checkMetadata({ ...input.metadata }),
      selector: input.selector === undefined ? entry.settings.selector : checkSelector(input.selector),
    };
    return this.save(key, settings, false);
  }

  /** Removes an empty service; invalid while it has instances, not_found when unknown. */
  async remove(key: ServiceKey): Promise<void> {
    const entry = this.registry.get(key);
    if (!entry) throw notFound(`service not found: ${groupedName(key)}`);
    if (entry.instances.size > 0) {
      throw invalid(
        `service ${groupedName(key)} has ${entry.instances.size} instance(s); deregister them before deleting it`,
      );
    }
    await this.locks.run(serviceKeyString(key), async () => {
      if (entry.explicit) await this.store.removeService(key);
    });
    entry.explicit = false;
    // Instances may have arrived while the store worked: then the service stays, as an implicit one.
    if (entry.instances.size > 0) return;
    this.changed(entry);
    if (this.registry.get(key) === entry) this.registry.drop(entry);
  }

  private async save(key: ServiceKey, settings: ServiceSettings, creating: boolean): Promise<ServiceView> {
    const now = this.clock.now();
    return this.locks.run(serviceKeyString(key), async () => {
      const current = this.registry.get(key);
      const createdAt = creating || !current ? now : current.createdAt;
      await this.store.saveService({ key, settings, createdAt, modifiedAt: now });
      const entry = this.registry.ensure(key, now);
      entry.explicit = true;
      entry.settings = settings;
      entry.createdAt = createdAt;
      this.changed(entry);
      return entry.view();
    });
  }
}
