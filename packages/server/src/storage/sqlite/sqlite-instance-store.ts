import type {
  InstanceStore,
  StoredInstance,
  StoredInstanceRef,
  StoredService,
} from '../../core/naming/instance-store.js';
import { NO_SELECTOR, type Selector, type ServiceKey } from '../../core/naming/naming-model.js';
import type { SqliteDatabase } from './database.js';
import { groupCommitOf } from './group-commit.js';

type Row = Record<string, unknown>;

function jsonMap(text: unknown): Record<string, string> {
  try {
    const value = JSON.parse(String(text)) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function selectorOf(text: unknown): Selector {
  const value = jsonMap(text) as { type?: string; expression?: string };
  return value.type === 'label' && typeof value.expression === 'string'
    ? { type: 'label', expression: value.expression }
    : NO_SELECTOR;
}

function keyOf(r: Row): ServiceKey {
  return { namespaceId: String(r.namespace_id), groupName: String(r.group_name), serviceName: String(r.service_name) };
}

/** A `naming_instance` row as the core sees it (also used by the transfer store). */
export function toStoredInstance(r: Row): StoredInstance {
  return {
    key: keyOf(r),
    ip: String(r.ip),
    port: Number(r.port),
    clusterName: String(r.cluster_name),
    instanceId: String(r.instance_id),
    weight: Number(r.weight),
    healthy: Number(r.healthy) === 1,
    enabled: Number(r.enabled) === 1,
    metadata: jsonMap(r.metadata),
    appName: String(r.app_name),
    registeredAt: Number(r.registered_at),
    modifiedAt: Number(r.modified_at),
  };
}

/** A `naming_service` row as the core sees it. */
export function toStoredService(r: Row): StoredService {
  return {
    key: keyOf(r),
    settings: {
      protectThreshold: Number(r.protect_threshold),
      metadata: jsonMap(r.metadata),
      selector: selectorOf(r.selector),
    },
    createdAt: Number(r.created_at),
    modifiedAt: Number(r.modified_at),
  };
}

const keyParams = (key: ServiceKey) => ({ ns: key.namespaceId, grp: key.groupName, svc: key.serviceName });

const INSTANCE_WHERE = `namespace_id = @ns AND group_name = @grp AND service_name = @svc
  AND cluster_name = @clusterName AND ip = @ip AND port = @port`;

/** An existing instance row is rewritten only when something a client sees differs (both backends). */
export const INSTANCE_DIFFERS = `naming_instance.instance_id IS DISTINCT FROM excluded.instance_id
  OR naming_instance.weight IS DISTINCT FROM excluded.weight OR naming_instance.healthy IS DISTINCT FROM excluded.healthy
  OR naming_instance.enabled IS DISTINCT FROM excluded.enabled
  OR naming_instance.metadata IS DISTINCT FROM excluded.metadata
  OR naming_instance.app_name IS DISTINCT FROM excluded.app_name`;

const serviceParams = (s: StoredService) =>
  Object.assign(keyParams(s.key), {
    protectThreshold: s.settings.protectThreshold,
    metadata: JSON.stringify(s.settings.metadata),
    selector: JSON.stringify(s.settings.selector),
    createdAt: s.createdAt,
    modifiedAt: s.modifiedAt,
  });

/** Named parameters of an instance row, for the instance store and the transfer import alike. */
export const instanceParams = (i: StoredInstance) =>
  Object.assign(keyParams(i.key), {
    clusterName: i.clusterName,
    ip: i.ip,
    port: i.port,
    instanceId: i.instanceId,
    weight: i.weight,
    healthy: i.healthy ? 1 : 0,
    enabled: i.enabled ? 1 : 0,
    metadata: JSON.stringify(i.metadata),
    appName: i.appName,
    registeredAt: i.registeredAt,
    modifiedAt: i.modifiedAt,
  });

/** Explicit services and persistent instances in SQLite. */
export class SqliteInstanceStore implements InstanceStore {
  private readonly upsertService;
  private readonly deleteService;
  private readonly upsertInstance;
  private readonly deleteInstance;
  private readonly selectInstance;

  constructor(private readonly db: SqliteDatabase) {
    this.upsertService = db.prepare(`
      INSERT INTO naming_service (namespace_id, group_name, service_name, protect_threshold, metadata, selector,
        created_at, modified_at)
      VALUES (@ns, @grp, @svc, @protectThreshold, @metadata, @selector, @createdAt, @modifiedAt)
      ON CONFLICT (namespace_id, group_name, service_name) DO UPDATE SET
        protect_threshold = excluded.protect_threshold, metadata = excluded.metadata, selector = excluded.selector,
        modified_at = excluded.modified_at`);
    this.deleteService = db.prepare(
      'DELETE FROM naming_service WHERE namespace_id = @ns AND group_name = @grp AND service_name = @svc',
    );
    this.upsertInstance = db.prepare(`
      INSERT INTO naming_instance (namespace_id, group_name, service_name, cluster_name, ip, port, instance_id, weight,
        healthy, enabled, metadata, app_name, registered_at, modified_at)
      VALUES (@ns, @grp, @svc, @clusterName, @ip, @port, @instanceId, @weight, @healthy, @enabled, @metadata, @appName,
        @registeredAt, @modifiedAt)
      ON CONFLICT (namespace_id, group_name, service_name, cluster_name, ip, port) DO UPDATE SET
        instance_id = excluded.instance_id, weight = excluded.weight, healthy = excluded.healthy,
        enabled = excluded.enabled, metadata = excluded.metadata, app_name = excluded.app_name,
        modified_at = excluded.modified_at
      WHERE ${INSTANCE_DIFFERS}`);
    this.selectInstance = db.prepare(`SELECT * FROM naming_instance WHERE ${INSTANCE_WHERE}`);
    this.deleteInstance = db.prepare(`
      DELETE FROM naming_instance WHERE namespace_id = @ns AND group_name = @grp AND service_name = @svc
        AND cluster_name = @clusterName AND ip = @ip AND port = @port`);
  }

  async loadAll(): Promise<{ services: StoredService[]; instances: StoredInstance[] }> {
    const services = (this.db.prepare('SELECT * FROM naming_service ORDER BY created_at').all() as Row[]).map(
      toStoredService,
    );
    const instances = (this.db.prepare('SELECT * FROM naming_instance ORDER BY registered_at').all() as Row[]).map(
      toStoredInstance,
    );
    return { services, instances };
  }

  async loadInstance(key: ServiceKey, ref: StoredInstanceRef): Promise<StoredInstance | undefined> {
    const row = this.selectInstance.get(Object.assign(keyParams(key), plainRef(ref))) as Row | undefined;
    return row && toStoredInstance(row);
  }

  async loadService(key: ServiceKey): Promise<{ service: StoredService | undefined; instances: StoredInstance[] }> {
    const where = 'namespace_id = @ns AND group_name = @grp AND service_name = @svc';
    const service = this.db.prepare(`SELECT * FROM naming_service WHERE ${where}`).get(keyParams(key)) as
      Row | undefined;
    const instances = this.db
      .prepare(`SELECT * FROM naming_instance WHERE ${where} ORDER BY registered_at`)
      .all(keyParams(key)) as Row[];
    return { service: service && toStoredService(service), instances: instances.map(toStoredInstance) };
  }

  async changeService(
    key: ServiceKey,
    decide: (stored: StoredService | undefined) => StoredService,
  ): Promise<StoredService> {
    return groupCommitOf(this.db).run(() => {
      const row = this.db
        .prepare('SELECT * FROM naming_service WHERE namespace_id = @ns AND group_name = @grp AND service_name = @svc')
        .get(keyParams(key)) as Row | undefined;
      const next = decide(row && toStoredService(row));
      this.upsertService.run(serviceParams(next));
      return next;
    });
  }

  async removeService(key: ServiceKey): Promise<boolean> {
    return groupCommitOf(this.db).run(() => this.deleteService.run(keyParams(key)).changes > 0);
  }

  async saveInstance(i: StoredInstance): Promise<void> {
    await groupCommitOf(this.db).run(() => this.upsertInstance.run(instanceParams(i)));
  }

  async changeInstance(
    key: ServiceKey,
    ref: StoredInstanceRef,
    decide: (stored: StoredInstance | undefined) => StoredInstance,
  ): Promise<StoredInstance> {
    return groupCommitOf(this.db).run(() => {
      const row = this.selectInstance.get(Object.assign(keyParams(key), plainRef(ref))) as Row | undefined;
      const next = decide(row && toStoredInstance(row));
      this.upsertInstance.run(instanceParams(next));
      return next;
    });
  }

  async removeInstance(key: ServiceKey, ref: StoredInstanceRef): Promise<boolean> {
    return groupCommitOf(this.db).run(
      () => this.deleteInstance.run(Object.assign(keyParams(key), plainRef(ref))).changes > 0,
    );
  }
}

const plainRef = (ref: StoredInstanceRef) => ({ ip: ref.ip, port: ref.port, clusterName: ref.clusterName });
