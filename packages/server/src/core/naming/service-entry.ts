import {
  groupedName,
  NO_SELECTOR,
  type InstanceRecord,
  type ServiceInfo,
  type ServiceKey,
  type ServiceSettings,
  type ServiceView,
} from './naming-model.js';
import { buildServiceInfo } from './service-view.js';

/** Distinct (clusters, healthyOnly) answers kept per service; more are computed per request. */
const MAX_CACHED_VIEWS = 32;

export function instanceIdentity(ip: string, port: number, clusterName: string): string {
  // A flat string: it stays alive as a map key for every instance.
  return [ip, port, clusterName].join('#');
}

/**
 * One service in memory: its settings, its instances, and the answers already computed for the current
 * revision. Every change goes through `touch`, which moves `lastRefTime` forward and drops the answers.
 */
export class ServiceEntry {
  readonly groupedName: string;
  readonly instances = new Map<string, InstanceRecord>();
  settings: ServiceSettings = { protectThreshold: 0, metadata: {}, selector: NO_SELECTOR };
  explicit = false;
  createdAt: number;
  modifiedAt: number;
  lastRefTime: number;
  /** When the last instance left (for clean-up of implicit services); null while it has instances. */
  emptySince: number | null;
  // Most services are asked one way only: that answer has fields of its own, a map only holds the others
  // (a map per service costs more than the answer it keeps).
  private firstView: ServiceInfo | undefined = undefined;
  private firstViewKey = '';
  private otherViews: Map<string, ServiceInfo> | undefined = undefined;

  constructor(
    readonly key: ServiceKey,
    readonly keyString: string,
    now: number,
  ) {
    this.groupedName = groupedName(key);
    this.createdAt = now;
    this.modifiedAt = now;
    this.lastRefTime = now;
    this.emptySince = now;
  }

  get(ip: string, port: number, clusterName: string): InstanceRecord | undefined {
    return this.instances.get(instanceIdentity(ip, port, clusterName));
  }

  /** Records a change: a new revision with a later lastRefTime, and no stale answers. */
  touch(now: number): void {
    this.lastRefTime = Math.max(now, this.lastRefTime + 1);
    this.modifiedAt = now;
    this.firstView = undefined;
    this.otherViews = undefined;
    if (this.instances.size > 0) this.emptySince = null;
    else this.emptySince ??= now;
  }

  query(clusters: string, healthyOnly: boolean): ServiceInfo {
    const cacheKey = healthyOnly ? `1${clusters}` : `0${clusters}`;
    let info = this.firstViewKey === cacheKey ? this.firstView : this.otherViews?.get(cacheKey);
    if (!info) {
      info = buildServiceInfo(
        {
          key: this.key,
          groupedName: this.groupedName,
          instances: this.instances.values(),
          protectThreshold: this.settings.protectThreshold,
          lastRefTime: this.lastRefTime,
        },
        clusters,
        healthyOnly,
      );
      this.keepView(cacheKey, info);
    }
    return info;
  }

  private keepView(cacheKey: string, info: ServiceInfo): void {
    if (this.firstView === undefined) {
      this.firstView = info;
      this.firstViewKey = cacheKey;
      return;
    }
    this.otherViews ??= new Map();
    if (this.otherViews.size < MAX_CACHED_VIEWS - 1) this.otherViews.set(cacheKey, info);
  }

  view(): ServiceView {
    let healthyCount = 0;
    const clusters = new Set<string>();
    for (const record of this.instances.values()) {
      if (record.healthy) healthyCount++;
      clusters.add(record.clusterName);
    }
    return {
      key: this.key,
      ...this.settings,
      explicit: this.explicit,
      createdAt: this.createdAt,
      modifiedAt: this.modifiedAt,
      instanceCount: this.instances.size,
      healthyCount,
      clusterNames: [...clusters].sort(),
    };
  }
}
