import { groupedName, type HostInfo, type Instance, type ServiceKey } from '../../core/naming/naming-model.js';

/** An instance as nacos's `Instance` serializes in the v3 answers (list, detail). */
export function hostV3Json(h: HostInfo) {
  return {
    instanceId: h.instanceId,
    ip: h.ip,
    port: h.port,
    weight: h.weight,
    healthy: h.healthy,
    enabled: h.enabled,
    ephemeral: h.ephemeral,
    clusterName: h.clusterName,
    serviceName: h.serviceName,
    metadata: h.metadata,
  };
}

/** A registry instance, with the timings nacos adds to its `Instance`. */
export function instanceV3Json(key: ServiceKey, i: Instance) {
  return {
    ...hostV3Json({ ...i, serviceName: groupedName(key) }),
    instanceHeartBeatInterval: i.beatInterval,
    instanceHeartBeatTimeOut: i.beatTimeout,
    ipDeleteTimeout: i.deleteTimeout,
  };
}
