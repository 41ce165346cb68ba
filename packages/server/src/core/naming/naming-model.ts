/**
 * The service registry's vocabulary: service keys, instances and who owns them, and the client-facing
 * ServiceInfo every door renders in its own wire format.
 */

export const DEFAULT_NAMING_NAMESPACE = 'public';
export const DEFAULT_GROUP = 'DEFAULT_GROUP';
export const DEFAULT_CLUSTER = 'DEFAULT';
/** Separator of grouped service names (`group@@service`) used by every nacos client. */
export const GROUP_SEPARATOR = '@@';

export const PRESERVED_BEAT_INTERVAL = 'preserved.heart.beat.interval';
export const PRESERVED_BEAT_TIMEOUT = 'preserved.heart.beat.timeout';
export const PRESERVED_DELETE_TIMEOUT = 'preserved.ip.delete.timeout';
export const DEFAULT_BEAT_INTERVAL_MS = 5_000;

/** Identity of a service. `namespaceId` is canonical: blank is always "public". */
export interface ServiceKey {
  namespaceId: string;
  groupName: string;
  serviceName: string;
}

// These names are kept for as long as their service: join() builds one flat string, where a template
// literal would keep a chain of pieces (and the request's text they were cut from) alive.

export function groupedName(key: Pick<ServiceKey, 'groupName' | 'serviceName'>): string {
  return [key.groupName, key.serviceName].join(GROUP_SEPARATOR);
}

const keyStrings = new WeakMap<ServiceKey, string>();

/** The in-memory key; `\u0002` cannot occur in a valid name. */
export function serviceKeyString(key: ServiceKey): string {
  return keyStrings.get(key) ?? [key.namespaceId, key.groupName, key.serviceName].join('\u0002');
}

/**
 * Remembers the in-memory key of a key object that is looked up again and again (the HTTP doors' parsed
 * keys), so each poll's lookups need not build it; keys made per request are not remembered.
 */
export function rememberServiceKey<K extends ServiceKey>(key: K): K {
  keyStrings.set(key, [key.namespaceId, key.groupName, key.serviceName].join('\u0002'));
  return key;
}

/**
 * Who keeps an ephemeral instance alive, or that it is persistent:
 * - `beat`: an HTTP client that sends heartbeats; it expires when they stop;
 * - `connection`: a gRPC connection; the instance goes away with the connection;
 * - `persistent`: stored durably, kept until deregistered;
 * - `remote`: an ephemeral instance another node of the cluster owns; it mirrors that node's copy.
 */
export type InstanceOwner =
  | { kind: 'beat' }
  | { kind: 'connection'; connectionId: string }
  | { kind: 'persistent' }
  | { kind: 'remote'; nodeId: number };

export const BEAT_OWNER: InstanceOwner = Object.freeze({ kind: 'beat' });
export const PERSISTENT_OWNER: InstanceOwner = Object.freeze({ kind: 'persistent' });
export const remoteOwner = (nodeId: number): InstanceOwner => ({ kind: 'remote', nodeId });
export const connectionOwner = (connectionId: string): InstanceOwner => ({ kind: 'connection', connectionId });

/** An instance within its service is identified by (ip, port, cluster), as nacos 1.x does. */
export interface InstanceRef {
  ip: string;
  port: number;
  clusterName?: string;
}

/** What a client registers; absent fields take the nacos defaults. */
export interface InstanceInput extends InstanceRef {
  instanceId?: string;
  weight?: number;
  healthy?: boolean;
  enabled?: boolean;
  ephemeral?: boolean;
  metadata?: Record<string, string>;
  appName?: string;
}

/** Fields an update may change; absent ones keep their value. */
export interface InstancePatch {
  weight?: number;
  healthy?: boolean;
  enabled?: boolean;
  metadata?: Record<string, string>;
  appName?: string;
}

/** An instance as the registry holds it. Adapters get it read-only. */
export interface InstanceRecord {
  readonly ip: string;
  readonly port: number;
  readonly clusterName: string;
  /** The id the client gave; '' when it gave none (see `instanceIdOf`). */
  customInstanceId: string;
  weight: number;
  healthy: boolean;
  enabled: boolean;
  ephemeral: boolean;
  metadata: Readonly<Record<string, string>>;
  appName: string;
  owner: InstanceOwner;
  registeredAt: number;
  modifiedAt: number;
  /** Last heartbeat (or registration) of a beat-owned instance. */
  lastBeat: number;
  /** Effective timings (preserved.* metadata or the server defaults), in ms. */
  beatInterval: number;
  beatTimeout: number;
  deleteTimeout: number;
}

export type Instance = Readonly<InstanceRecord>;

/**
 * An instance's id: the one its client gave, else `ip#port#cluster#group@@service` as nacos generates it.
 * The generated one is built when asked for: kept per instance, it would take megabytes at 100,000.
 */
export function instanceIdOf(
  i: Pick<InstanceRecord, 'customInstanceId' | 'ip' | 'port' | 'clusterName'>,
  groupedName: string,
): string {
  return i.customInstanceId || [i.ip, i.port, i.clusterName, groupedName].join('#');
}

/**
 * One host as clients see it in a service query or push: usually the instance's record itself (a record
 * is replaced, never changed, when what clients see of it changes). Its `serviceName` on the wire is the
 * ServiceInfo's `groupedName`, its `instanceId` is `instanceIdOf(host, groupedName)`.
 */
export type HostInfo = Readonly<
  Pick<
    InstanceRecord,
    'customInstanceId' | 'ip' | 'port' | 'weight' | 'healthy' | 'enabled' | 'ephemeral' | 'clusterName' | 'metadata'
  >
>;

/**
 * The answer to a service query and the content of a push: enabled hosts of the requested clusters, with
 * the protect threshold applied. Instances are immutable per service revision; doors may cache renderings
 * keyed by this object (a change produces a new one).
 */
export interface ServiceInfo {
  readonly key: ServiceKey;
  readonly groupedName: string;
  /** The cluster filter exactly as requested (clients key their caches by it). */
  readonly clusters: string;
  readonly hosts: readonly HostInfo[];
  /** Time of the service's last change (ms); never goes backwards for a service. */
  readonly lastRefTime: number;
  readonly checksum: string;
  readonly reachProtectionThreshold: boolean;
  /** False when the service is unknown (hosts then empty). */
  readonly exists: boolean;
}

export interface QueryOptions {
  /** Comma-separated cluster names; blank means all clusters. */
  clusters?: string;
  healthyOnly?: boolean;
}

export type Selector = { type: 'none' } | { type: 'label'; expression: string };

/** Service-level settings (maintain API, console). */
export interface ServiceSettings {
  protectThreshold: number;
  metadata: Readonly<Record<string, string>>;
  selector: Selector;
}

/** Settings to change, or a function of the current settings answering them (run under the service's lock). */
export type ServiceChange = Partial<ServiceSettings> | ((current: ServiceSettings) => Partial<ServiceSettings>);

export interface ServiceView extends ServiceSettings {
  key: ServiceKey;
  /** Created or edited through the maintain API / console: kept even without instances, and stored. */
  explicit: boolean;
  createdAt: number;
  modifiedAt: number;
  instanceCount: number;
  healthyCount: number;
  clusterNames: string[];
}

export const NO_SELECTOR: Selector = Object.freeze({ type: 'none' });
