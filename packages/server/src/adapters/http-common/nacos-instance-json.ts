import { instanceIdOf, type HostInfo } from '../../core/naming/naming-model.js';

/** An instance as nacos's `Instance` serializes (gRPC ServiceInfo hosts, v3 instance answers). */
export function nacosInstanceJson(h: HostInfo, serviceName: string) {
  return {
    instanceId: instanceIdOf(h, serviceName),
    ip: h.ip,
    port: h.port,
    weight: h.weight,
    healthy: h.healthy,
    enabled: h.enabled,
    ephemeral: h.ephemeral,
    clusterName: h.clusterName,
    serviceName,
    metadata: h.metadata,
  };
}
