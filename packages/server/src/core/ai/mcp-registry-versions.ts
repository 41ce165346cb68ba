import { ownEndpointService } from './mcp-endpoints.js';
import type { McpReleaseInput } from './mcp-registry-input.js';
import type { McpEndpointSpec, McpServerVersion, McpServiceRef, RegisteredMcpServer } from './mcp-registry-model.js';

/** The endpoint spec of a client release that gave none: its own service, where clients register. */
export function autoEndpointSpec(namespaceId: string, name: string, version: string): McpEndpointSpec {
  const ref = ownEndpointService(namespaceId, name, version);
  return { type: 'REF', data: { namespaceId, groupName: ref.groupName, serviceName: ref.serviceName } };
}

const hasTools = (toolSpec: McpReleaseInput['toolSpec']) =>
  Boolean(toolSpec && (Array.isArray(toolSpec.tools) || Array.isArray(toolSpec.securitySchemes)));

/** The server with the input's version added (or replacing the one of that name), a new object. */
export function withVersion(
  server: RegisteredMcpServer,
  input: McpReleaseInput,
  serviceRef: McpServiceRef | undefined,
  latest: boolean,
  now: string,
): RegisteredMcpServer {
  const previous = server.versions.find((v) => v.version === input.version);
  const spec = Object.assign({}, input.spec, { capabilities: hasTools(input.toolSpec) ? ['TOOL'] : [] });
  const version: McpServerVersion = {
    version: input.version,
    releaseDate: latest ? now : (previous?.releaseDate ?? ''),
    spec,
  };
  if (hasTools(input.toolSpec)) version.toolSpec = input.toolSpec;
  if (serviceRef) version.serviceRef = serviceRef;
  const versions = previous
    ? server.versions.map((v) => (v === previous ? version : v))
    : server.versions.concat(version);
  return {
    id: server.id,
    namespaceId: server.namespaceId,
    // the name follows the latest version's specification
    name: latest ? input.name : server.name,
    latestVersion: latest ? input.version : server.latestVersion,
    versions,
  };
}

/** The server without `version` (all of them when undefined): undefined when none is left. */
export function removeVersions(
  server: RegisteredMcpServer,
  version: string | undefined,
): { next: RegisteredMcpServer | undefined; removed: McpServerVersion[] } {
  const removed = server.versions.filter((v) => version === undefined || v.version === version);
  const versions = server.versions.filter((v) => !removed.includes(v));
  if (versions.length === 0) return { next: undefined, removed };
  const latestVersion = versions.some((v) => v.version === server.latestVersion)
    ? server.latestVersion
    : versions[versions.length - 1].version;
  return { next: Object.assign({}, server, { versions, latestVersion }), removed };
}
