import type { LegacyPage, PageParam } from './envelope.js';

/** A row of `GET /v2/service/list`. */
export interface ServiceDto {
  name: string;
  groupName: string;
  clusterCount: number;
  ipCount: number;
  healthyInstanceCount: number;
  triggerFlag: boolean;
  /** The service metadata as a JSON object string, e.g. `{"k":"v"}`. */
  metadata: string;
  protectThreshold: number;
  /** The instance selector as JSON, e.g. `{"type":"label","expression":"..."}`; "" for none. */
  selector: string;
}

/** Body of `POST /v2/service/add|update|remove`; `namespaceId` "" or "public" is the default namespace. */
export interface ServiceParam extends ServiceKeyParam {
  /** 0 to 1. */
  protectThreshold?: number;
  /** A JSON object string or `k1=v1,k2=v2`. */
  metadata?: string;
  /** `{"type":"none"}` or `{"type":"label","expression":"..."}` as JSON; "" leaves it unchanged. */
  selector?: string;
}

/** A row of `GET /v2/service/subscriber/list`. */
export interface SubscriberInfoDto {
  serviceName: string;
  groupName: string;
  namespaceId: string;
  ip: string;
  port: number;
  /** `udp`: a 1.x client polling with udpPort; `connection`: a 2.x gRPC client. */
  type: 'udp' | 'connection';
  clusters: string;
  agent: string;
  app: string;
}

/** A row of `GET /v2/instance/list` (all instances, no paging). */
export interface InstanceDto {
  id: string;
  ip: string;
  port: number;
  weight: number;
  enabled: boolean;
  healthy: boolean;
  ephemeral: boolean;
  clusterName: string;
  serviceName: string;
  groupName: string;
  groupService: string;
  metadata: Record<string, string>;
  lastModifiedMillis: number;
  /** Epoch milliseconds. */
  registerTime: number;
  namespaceId: string;
  appName: string;
  fromGrpc: boolean;
  fromCluster: number;
  clientId: string;
}

/** `GET /v2/instance/info`. */
export interface InstanceVo {
  service: string;
  ip: string;
  port: number;
  clusterName: string;
  weight: number;
  healthy: boolean;
  instanceId: string;
  metadata: Record<string, string>;
  marked: boolean;
  enabled: boolean;
  serviceName: string;
  ephemeral: boolean;
}

/** Body of `POST /v2/instance/add|update|remove` (query of `GET /v2/instance/info`). */
export interface InstanceParams extends ServiceKeyParam {
  ip: string;
  port: number | string;
  clusterName?: string;
  weight?: number;
  enabled?: boolean;
  /** "true" or "false"; absent = ephemeral. */
  ephemeral?: string;
  /** A JSON object (or its string). */
  metadata?: string | Record<string, string>;
}

/** The service of a naming request; `namespaceId` "" or "public" is the default namespace. */
export interface ServiceKeyParam {
  namespaceId?: string;
  groupName?: string;
  serviceName: string;
}

/** Query of `GET /v2/service/list`: substrings of the group and service names. */
export interface ServiceListParam extends PageParam {
  namespaceId?: string;
  groupNameParam?: string;
  serviceNameParam?: string;
}

/** Query of `GET /v2/service/subscriber/list` (and `/ns/service/subscribers`): the exact names also serve. */
export interface SubscriberListParam extends ServiceListParam {
  groupName?: string;
  serviceName?: string;
}

/** `GET /ns/service/subscribers`, the legacy bare list. */
export type SubscriberPage = LegacyPage<'subscribers', SubscriberInfoDto>;
