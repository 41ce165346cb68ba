import type { InstanceDto, InstanceVo, ServiceDto, SubscriberInfoDto } from '@tsnacos/protocol';
import {
  groupedName,
  instanceIdOf,
  type Instance,
  type ServiceKey,
  type ServiceView,
} from '../../core/naming/naming-model.js';
import type { Subscriber } from '../../core/naming/subscriber-registry.js';

/** A row of the console's service list; metadata travels as a JSON string. */
export function serviceDto(view: ServiceView): ServiceDto {
  return {
    name: view.key.serviceName,
    groupName: view.key.groupName,
    clusterCount: view.clusterNames.length,
    ipCount: view.instanceCount,
    healthyInstanceCount: view.healthyCount,
    triggerFlag: false,
    metadata: JSON.stringify(view.metadata),
    protectThreshold: view.protectThreshold,
    selector: view.selector.type === 'none' ? '' : JSON.stringify(view.selector),
  };
}

export function subscriberDto(s: Subscriber): SubscriberInfoDto {
  return {
    serviceName: s.key.serviceName,
    groupName: s.key.groupName,
    namespaceId: s.key.namespaceId,
    ip: s.ip,
    port: s.port,
    /** `udp` (a 1.x client polling with udpPort) or `connection` (a gRPC client). */
    type: s.target.kind,
    clusters: s.clusters,
    agent: s.agent,
    app: s.app,
  };
}

export function instanceDto(key: ServiceKey, i: Instance): InstanceDto {
  return {
    id: instanceIdOf(i, groupedName(key)),
    ip: i.ip,
    port: i.port,
    weight: i.weight,
    enabled: i.enabled,
    healthy: i.healthy,
    ephemeral: i.ephemeral,
    clusterName: i.clusterName,
    serviceName: key.serviceName,
    groupName: key.groupName,
    groupService: groupedName(key),
    metadata: { ...i.metadata },
    lastModifiedMillis: i.modifiedAt,
    registerTime: i.registeredAt,
    namespaceId: key.namespaceId,
    appName: i.appName,
    fromGrpc: i.owner.kind === 'connection',
    fromCluster: 0,
    clientId: i.owner.kind === 'connection' ? i.owner.connectionId : '',
  };
}

/** `GET /v2/instance/info`. */
export function instanceVo(key: ServiceKey, i: Instance): InstanceVo {
  return {
    service: groupedName(key),
    ip: i.ip,
    port: i.port,
    clusterName: i.clusterName,
    weight: i.weight,
    healthy: i.healthy,
    instanceId: instanceIdOf(i, groupedName(key)),
    metadata: { ...i.metadata },
    marked: !i.ephemeral,
    enabled: i.enabled,
    serviceName: groupedName(key),
    ephemeral: i.ephemeral,
  };
}
