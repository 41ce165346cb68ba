import type { Instance } from '../naming/naming-model.js';
import type { McpEndpoints } from './mcp-endpoints.js';
import {
  STDIO,
  type JsonRecord,
  type McpServerVersion,
  type McpServiceRef,
  type RegisteredMcpServer,
} from './mcp-registry-model.js';

/*
 * The registry's servers as nacos renders them: `McpServerBasicInfo` in lists, `McpServerDetailInfo` for one
 * version (with its endpoints, read from the naming service at the time of asking).
 */

const versionDetail = (server: RegisteredMcpServer, v: McpServerVersion) => ({
  version: v.version,
  release_date: v.releaseDate || undefined,
  is_latest: v.version === server.latestVersion,
});

/** nacos's `McpServerBasicInfo` of a version. */
export function basicInfo(server: RegisteredMcpServer, v: McpServerVersion): JsonRecord {
  const remote = v.spec.remoteServerConfig ? Object.assign({}, v.spec.remoteServerConfig) : undefined;
  if (remote && v.serviceRef) remote.serviceRef = v.serviceRef;
  return {
    id: server.id,
    name: server.name,
    protocol: v.spec.protocol,
    frontProtocol: v.spec.frontProtocol,
    description: v.spec.description,
    repository: v.spec.repository,
    packages: v.spec.packages,
    versionDetail: versionDetail(server, v),
    version: v.version,
    remoteServerConfig: remote ?? (v.serviceRef ? { serviceRef: v.serviceRef } : undefined),
    localServerConfig: v.spec.localServerConfig,
    enabled: v.spec.enabled,
    capabilities: v.spec.capabilities,
  };
}

/** A list item: the latest version's basic info with every version (nacos's `McpServerVersionInfo`). */
export function listItem(server: RegisteredMcpServer): JsonRecord {
  const latest = server.versions.find((v) => v.version === server.latestVersion) ?? server.versions[0];
  return Object.assign(basicInfo(server, latest), {
    latestPublishedVersion: server.latestVersion,
    versionDetails: server.versions.map((v) => versionDetail(server, v)),
  });
}

interface EndpointInfo {
  protocol?: string;
  address: string;
  port: number;
  path?: string;
  headers?: unknown;
}

const endpointsOf = (instances: Instance[], protocol?: string, path?: string, headers?: unknown): EndpointInfo[] =>
  instances.map((i) => ({ protocol, address: i.ip, port: i.port, path, headers }));

function frontendEndpoints(endpoints: McpEndpoints, namespaceId: string, remote: JsonRecord, backend: EndpointInfo[]) {
  const configs = Array.isArray(remote.frontEndpointConfigList) ? (remote.frontEndpointConfigList as JsonRecord[]) : [];
  return configs.flatMap((c): EndpointInfo[] => {
    const protocol = typeof c.protocol === 'string' ? c.protocol : undefined;
    const path = typeof c.path === 'string' ? c.path : undefined;
    if (c.endpointType === 'REF' && typeof c.endpointData === 'object' && c.endpointData !== null) {
      const data = c.endpointData as Partial<McpServiceRef>;
      const ref = { namespaceId, groupName: String(data.groupName ?? ''), serviceName: String(data.serviceName ?? '') };
      return endpointsOf(safeHealthy(endpoints, ref), protocol, path, c.headers);
    }
    if (c.endpointType === 'DIRECT') {
      const [address, port] = (typeof c.endpointData === 'string' ? c.endpointData : '').split(':');
      return [
        { protocol, address, port: port ? Number(port) : protocol === 'http' ? 80 : 443, path, headers: c.headers },
      ];
    }
    return backend;
  });
}

/** nacos's `McpServerDetailInfo` of a version. */
export function detailInfo(endpoints: McpEndpoints, server: RegisteredMcpServer, v: McpServerVersion): JsonRecord {
  const detail = Object.assign(basicInfo(server, v), {
    namespaceId: server.namespaceId,
    toolSpec: v.toolSpec,
    allVersions: server.versions.map((each) => versionDetail(server, each)),
  });
  if (v.spec.protocol === STDIO) return detail;
  const remote = v.spec.remoteServerConfig ?? {};
  const exportPath = typeof remote.exportPath === 'string' ? remote.exportPath : undefined;
  const backend = v.serviceRef
    ? endpointsOf(safeHealthy(endpoints, v.serviceRef), v.serviceRef.transportProtocol, exportPath)
    : [];
  return Object.assign(detail, {
    backendEndpoints: backend,
    frontendEndpoints: frontendEndpoints(endpoints, server.namespaceId, remote, backend),
  });
}

/** A service that no longer parses (edited by hand) has no endpoints rather than failing the read. */
function safeHealthy(endpoints: McpEndpoints, ref: McpServiceRef): Instance[] {
  try {
    return endpoints.healthy(ref);
  } catch {
    return [];
  }
}
