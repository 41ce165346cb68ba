import type { Clock } from '../../shared/clock.js';
import { invalid } from '../../shared/errors.js';
import { KeyedLock } from '../../shared/keyed-lock.js';
import { BeatInstances, type BeatResult } from './beat-instances.js';
import { ConnectionInstances } from './connection-instances.js';
import { EditedMetadataOverlay } from './edited-metadata-overlay.js';
import { HealthChecker, type HealthReport } from './health-checker.js';
import { buildRecord, fromStored, sameVisible, toStored, type TimeoutDefaults } from './instance-records.js';
import type { InstanceMetadataStore } from './instance-metadata-store.js';
import type { InstanceStore, StoredInstance } from './instance-store.js';
import {
  BEAT_OWNER,
  connectionOwner,
  groupedName,
  PERSISTENT_OWNER,
  serviceKeyString,
  type Instance,
  type InstanceInput,
  type InstanceOwner,
  type InstancePatch,
  type InstanceRecord,
  type InstanceRef,
  type QueryOptions,
  type ServiceInfo,
  type ServiceChange,
  type ServiceKey,
  type ServiceSettings,
  type ServiceView,
} from './naming-model.js';
import { NamingMirror } from './naming-mirror.js';
import { checkInstanceRef, checkSameKind, checkServiceKind } from './naming-validation.js';
import { InstanceUpdates } from './instance-updates.js';
import { instanceIdentity, type ServiceEntry } from './service-entry.js';
import { ServiceCatalog, type ServiceListFilter } from './service-catalog.js';
import { ServiceRegistry } from './service-registry.js';
import { emptyServiceInfo } from './service-view.js';
import {
  SubscriberRegistry,
  type Subscriber,
  type SubscriberDetails,
  type SubscriberFilter,
} from './subscriber-registry.js';

export interface NamingOptions extends TimeoutDefaults {
  /** A service that appeared implicitly is forgotten this long after its last instance left. */
  emptyServiceTtlMs: number;
  /** A UDP subscriber that stopped polling the instance list is dropped after this long. */
  udpSubscriberTtlMs: number;
}

const DEFAULT_NAMING_OPTIONS: NamingOptions = {
  beatTimeoutMs: 15_000,
  deleteTimeoutMs: 30_000,
  emptyServiceTtlMs: 60_000,
  udpSubscriberTtlMs: 30_000,
};

export type { BeatResult };

export type ServiceChangeListener = (key: ServiceKey) => void;

/**
 * The service registry. Reads (queries, pushes) are answered from memory; persistent instances and
 * explicit services are written to the store before memory changes. Every visible change emits one
 * "service changed" event (pushers coalesce them, see ChangeBatcher).
 *
 * Ownership of ephemeral instances: HTTP clients keep theirs alive with beats (`tick` expires them);
 * gRPC connections own theirs (`replaceConnectionInstances`, `removeConnection`).
 */
export class NamingService {
  private readonly subscribers = new SubscriberRegistry();
  /** Service-level settings and listings (maintain API, console). */
  private readonly catalog: ServiceCatalog;
  private readonly registry = new ServiceRegistry();
  private readonly health = new HealthChecker(this.registry);
  private readonly listeners = new Set<ServiceChangeListener>();
  private readonly locks = new KeyedLock();
  /** Operators' metadata edits over what ephemeral instances register with (off unless given a store). */
  private readonly edits: EditedMetadataOverlay;
  /** The instances gRPC connections own. */
  private readonly connections: ConnectionInstances;
  /** The instances HTTP clients keep alive with beats. */
  private readonly beats: BeatInstances;
  /** Changes to instances that exist (maintain API, console). */
  private readonly updates: InstanceUpdates;
  /** What other nodes of a cluster changed, applied here (unused on a single node). */
  readonly cluster: NamingMirror;

  private constructor(
    private readonly store: InstanceStore,
    private readonly clock: Clock,
    readonly options: NamingOptions,
  ) {
    this.catalog = new ServiceCatalog(this.registry, store, clock, this.locks, (entry) => this.changed(entry));
    this.cluster = new NamingMirror(this.registry, this.catalog, store, clock, this.locks, options, (entry) =>
      this.changed(entry),
    );
    this.edits = new EditedMetadataOverlay(this.registry, clock);
    const changed = (entry: ServiceEntry) => this.changed(entry);
    this.connections = new ConnectionInstances(this.registry, clock, options, this.edits, this.cluster, changed);
    this.beats = new BeatInstances(
      this.registry,
      clock,
      options,
      this.edits,
      this.cluster,
      (key, record) => this.apply(key, record),
      changed,
    );
    this.updates = new InstanceUpdates(
      this.registry,
      store,
      clock,
      options,
      this.locks,
      this.cluster,
      (key, record) => this.apply(key, record),
      (key, input, edited) => this.register(key, input, undefined, edited),
    );
  }

  static async create(
    store: InstanceStore,
    clock: Clock,
    options: Partial<NamingOptions> = {},
    /** Given: metadata edited on an ephemeral instance comes back when it registers again. */
    metadataStore?: InstanceMetadataStore,
  ): Promise<NamingService> {
    const naming = new NamingService(store, clock, Object.assign({}, DEFAULT_NAMING_OPTIONS, options));
    if (metadataStore) await naming.edits.load(metadataStore);
    const { services, instances } = await store.loadAll();
    const now = clock.now();
    for (const s of services) naming.catalog.restore(s);
    for (const s of instances) {
      const entry = naming.registry.ensure(s.key, now);
      naming.registry.put(entry, fromStored(s, now, naming.options));
      entry.touch(now);
    }
    return naming;
  }

  onServiceChanged(listener: ServiceChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- reads -------------------------------------------------------------------------------------

  /** Enabled hosts of the requested clusters, protect threshold applied; empty when the service is unknown. */
  query(key: ServiceKey, options: QueryOptions = {}): ServiceInfo {
    const clusters = options.clusters ?? '';
    const entry = this.registry.get(key);
    if (!entry) return emptyServiceInfo(key, groupedName(key), clusters, this.clock.now());
    return entry.query(clusters, options.healthyOnly ?? false);
  }

  /** A service as such (settings, counts), whether created explicitly or by its first instance. */
  getService(key: ServiceKey): ServiceView | undefined {
    return this.catalog.get(key);
  }

  /** Services ordered by group then name. */
  listServices(filter: ServiceListFilter = {}): ServiceView[] {
    return this.catalog.list(filter);
  }

  /** Names (without group) of one group's services, sorted. */
  serviceNames(namespaceId: string, groupName: string): string[] {
    return this.catalog.names(namespaceId, groupName);
  }

  /** Subscribers (UDP receivers and gRPC connections) of one service. */
  subscribersOf(key: ServiceKey): Subscriber[] {
    return this.subscribers.of(key);
  }

  /** All subscribers matching the exact names given (absent = any), ordered by service then address. */
  listSubscribers(filter: SubscriberFilter = {}): Subscriber[] {
    return this.subscribers.list(filter);
  }

  getInstance(key: ServiceKey, ref: InstanceRef): Instance | undefined {
    const { ip, port, clusterName } = checkInstanceRef(ref);
    return this.registry.get(key)?.get(ip, port, clusterName);
  }

  /** Every instance of a service, disabled and unhealthy ones included (console). */
  listInstances(key: ServiceKey): Instance[] {
    return [...(this.registry.get(key)?.instances.values() ?? [])];
  }

  /** Every persistent instance with its service's metadata, which holds the health-check settings (prober). */
  *persistentInstances(): Generator<{
    key: ServiceKey;
    metadata: Readonly<Record<string, string>>;
    instance: Instance;
  }> {
    for (const entry of this.registry.entries()) {
      for (const record of entry.instances.values()) {
        if (record.owner.kind === 'persistent')
          yield { key: entry.key, metadata: entry.settings.metadata, instance: record };
      }
    }
  }

  stats(): { serviceCount: number; instanceCount: number; subscriberCount: number } {
    return {
      serviceCount: this.registry.serviceCount,
      instanceCount: this.registry.instanceCount,
      subscriberCount: this.subscribers.count(),
    };
  }

  // ---- service writes (maintain API, console) ----------------------------------------------------

  /** Creates a service; invalid when it already exists (has instances or was created before). */
  createService(key: ServiceKey, settings: Partial<ServiceSettings>): Promise<ServiceView> {
    return this.catalog.create(key, settings);
  }

  /** Changes the settings given (or those a function of the current ones answers); not_found when unknown. */
  updateService(key: ServiceKey, change: ServiceChange): Promise<ServiceView> {
    return this.catalog.update(key, change);
  }

  /** Removes an empty service; invalid while it has instances, not_found when unknown. */
  removeService(key: ServiceKey): Promise<void> {
    return this.catalog.remove(key);
  }

  // ---- instance writes ---------------------------------------------------------------------------

  /**
   * Registers (or re-registers) an instance. The owner defaults from `input.ephemeral`: ephemeral
   * instances are kept alive by beats, `ephemeral: false` ones are persistent.
   */
  registerInstance(key: ServiceKey, input: InstanceInput, owner?: InstanceOwner): Promise<Instance> {
    return this.register(key, input, owner, true);
  }

  /** `edited`: an operator's earlier edit replaces the metadata given (false: this is the operator's edit). */
  private async register(
    key: ServiceKey,
    input: InstanceInput,
    owner: InstanceOwner | undefined,
    edited: boolean,
  ): Promise<Instance> {
    const chosen = owner ?? (input.ephemeral === false ? PERSISTENT_OWNER : BEAT_OWNER);
    if (input.ephemeral !== undefined && input.ephemeral !== (chosen.kind !== 'persistent')) {
      throw invalid(`ephemeral=${input.ephemeral} does not match an instance owned by ${chosen.kind}`);
    }
    const ref = checkInstanceRef(input);
    const previous = this.registry.get(key)?.get(ref.ip, ref.port, ref.clusterName);
    const given = chosen.kind === 'persistent' || !edited ? input : this.edits.over(key, input, ref);
    const record = buildRecord(key, Object.assign({}, given, ref), chosen, this.clock.now(), this.options, previous);
    checkSameKind(previous, record);
    checkServiceKind(this.registry.get(key), record);
    if (record.owner.kind !== 'persistent') {
      const instance = this.apply(key, record);
      // in a cluster, answered once the store holds it: a write through any node then starts from it
      await this.cluster.committed(key, [instanceIdentity(ref.ip, ref.port, ref.clusterName)]);
      return instance;
    }
    return this.locks.run(serviceKeyString(key), async () => {
      await this.store.saveInstance(toStored(key, record));
      return this.apply(key, record);
    });
  }

  /** Maintain-API update: registers when absent (here and in the store), otherwise changes only the fields given. */
  async updateInstance(key: ServiceKey, input: InstanceInput): Promise<Instance> {
    return this.edits.remember(key, input, await this.updates.update(key, input));
  }

  /** Changes only the fields given; not_found when the instance does not exist. */
  async patchInstance(key: ServiceKey, refInput: InstanceRef, patch: InstancePatch): Promise<Instance> {
    return this.edits.remember(key, patch, await this.updates.patch(key, refInput, patch));
  }

  /** Removes an instance whatever its owner; false when there was none. */
  async deregisterInstance(key: ServiceKey, refInput: InstanceRef): Promise<boolean> {
    const ref = checkInstanceRef(refInput);
    const identity = instanceIdentity(ref.ip, ref.port, ref.clusterName);
    const entry = this.registry.get(key);
    const record = entry?.instances.get(identity);
    // the store answers for a persistent instance (another node may have stored or removed it unheard of)
    const removeStored = () => this.locks.run(serviceKeyString(key), () => this.store.removeInstance(key, ref));
    if (this.cluster.shared && record?.owner.kind !== 'persistent') {
      // an ephemeral instance goes wherever it is stored (one of this node's goes from memory first, so
      // that nothing written meanwhile brings it back); none there: perhaps a persistent one unheard of
      if (entry && record && record.owner.kind !== 'remote' && this.registry.remove(entry, identity))
        this.changed(entry);
      if (await this.cluster.removeShared(key, ref)) return true;
      return (await removeStored()) || record !== undefined;
    }
    if (!entry || !record) return removeStored();
    const persistent = record.owner.kind === 'persistent';
    const stored = persistent && (await removeStored());
    if (!this.registry.remove(entry, identity)) return stored;
    this.changed(entry);
    return !persistent || stored;
  }

  /**
   * An HTTP heartbeat. Refreshes the instance and restores its health; an unknown instance is registered
   * from the beat body when there is one (the Node client never re-registers by itself).
   */
  beat(key: ServiceKey, refInput: InstanceRef, body?: InstanceInput): BeatResult {
    return this.beats.beat(key, refInput, body);
  }

  // ---- connection-bound (gRPC) -------------------------------------------------------------------

  /**
   * Makes `inputs` the whole set of ephemeral instances the connection has in this service (nacos 2.x
   * batch register; single register and deregister are the cases of one and none). Atomic: invalid input
   * changes nothing.
   */
  replaceConnectionInstances(
    connectionId: string,
    key: ServiceKey,
    inputs: InstanceInput[],
    /** A batch register (nacos words its refusal so). */
    batch = false,
  ): Promise<Instance[]> {
    return this.connections.replace(connectionId, key, inputs, batch);
  }

  registerConnectionInstance(connectionId: string, key: ServiceKey, input: InstanceInput): Promise<Instance> {
    return this.registerInstance(key, Object.assign({}, input, { ephemeral: true }), connectionOwner(connectionId));
  }

  /** A connection went away: its instances and subscriptions go with it. */
  removeConnection(connectionId: string): void {
    this.connections.removeAll(connectionId);
    this.subscribers.removeConnection(connectionId);
  }

  // ---- subscribers -------------------------------------------------------------------------------

  /** A 1.x client polling with `udpPort`: (re)subscribes its UDP receiver. */
  subscribeUdp(key: ServiceKey, details: SubscriberDetails): Subscriber {
    return this.subscribers.touchUdp(key, details, this.clock.now());
  }

  subscribeConnection(key: ServiceKey, connectionId: string, details: SubscriberDetails): Subscriber {
    return this.subscribers.subscribeConnection(key, connectionId, details, this.clock.now());
  }

  unsubscribeConnection(key: ServiceKey, connectionId: string): boolean {
    return this.subscribers.unsubscribeConnection(key, connectionId);
  }

  // ---- time --------------------------------------------------------------------------------------

  /**
   * Time passes: expires silent HTTP instances, forgets implicit services empty for long enough and UDP
   * subscribers that stopped polling. The app calls it every second; tests call it after moving a clock.
   */
  tick(): HealthReport {
    const now = this.clock.now();
    const report = this.health.check(now);
    for (const entry of report.changed) this.changed(entry);
    this.registry.dropEmptyImplicit(now - this.options.emptyServiceTtlMs);
    this.subscribers.expireUdp(now - this.options.udpSubscriberTtlMs);
    this.edits.sweep(now);
    return report;
  }

  /** Persistent instances a bulk import (transfer) has already written to the store: taken into memory. */
  adoptStored(instances: StoredInstance[]): void {
    const now = this.clock.now();
    for (const s of instances) this.apply(s.key, fromStored(s, now, this.options));
  }

  // ---- internals ---------------------------------------------------------------------------------

  private apply(key: ServiceKey, record: InstanceRecord): Instance {
    const entry = this.registry.ensure(key, record.modifiedAt);
    const previous = this.registry.put(entry, record);
    // taking over another node's instance is a change too: it must be written under this node
    if (!previous || !sameVisible(previous, record) || previous.owner.kind === 'remote') this.changed(entry);
    return record;
  }

  private changed(entry: ServiceEntry): void {
    entry.touch(this.clock.now());
    for (const listener of this.listeners) listener(entry.key);
  }
}
