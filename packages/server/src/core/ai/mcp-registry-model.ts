/*
 * The nacos 3 AI registry's MCP servers: servers that clients and admins register (nacos's
 * `McpServerBasicInfo` and its versions), beside the servers tsnacos hosts itself (core/mcp).
 */

import type { JsonRecord } from './registry-json.js';

export type { JsonRecord };

/** The protocols nacos knows; a server of `stdio` has no endpoints. */
export const MCP_PROTOCOLS = ['stdio', 'mcp-sse', 'mcp-streamable', 'http', 'dubbo'] as const;
export const STDIO = 'stdio';

/** Where a server's backend instances are: a naming service (`REF`) or one address (`DIRECT`). */
export interface McpEndpointSpec {
  type: 'REF' | 'DIRECT';
  data: Record<string, string>;
}

/** The naming service whose instances serve a version of a server (nacos's `McpServiceRef`). */
export interface McpServiceRef {
  namespaceId: string;
  groupName: string;
  serviceName: string;
  transportProtocol?: string;
}

/** What one version of a server says of itself: nacos's server specification, without id and version. */
export interface McpVersionSpec {
  protocol: string;
  frontProtocol?: string;
  description?: string;
  enabled: boolean;
  repository?: JsonRecord;
  packages?: unknown[];
  /** `serviceRef` (set by the registry), `exportPath`, `frontEndpointConfigList`. */
  remoteServerConfig?: JsonRecord;
  localServerConfig?: JsonRecord;
  capabilities: string[];
}

export interface McpServerVersion {
  version: string;
  /** `yyyy-MM-ddTHH:mm:ssZ` of its release as latest; empty while it never was. */
  releaseDate: string;
  spec: McpVersionSpec;
  /** nacos's `McpToolSpecification` (`tools`, `toolsMeta`, `securitySchemes`). */
  toolSpec?: JsonRecord;
  serviceRef?: McpServiceRef;
}

/** A registered MCP server: unique by id, and by name within its namespace. */
export interface RegisteredMcpServer {
  id: string;
  namespaceId: string;
  name: string;
  /** The version served when none is asked for. */
  latestVersion: string;
  /** In the order they were added. */
  versions: McpServerVersion[];
}

/** The group nacos registers the endpoints of `DIRECT` servers and client-registered ones in. */
export const MCP_ENDPOINT_GROUP = 'mcp-endpoints';

/** Limits on what one request may register (each refused with a 400 naming it). */
export const MCP_LIMITS = {
  nameChars: 256,
  versionChars: 64,
  versionsPerServer: 100,
  servers: 10_000,
  /** Of each JSON document sent (server, tool and endpoint specification). */
  specBytes: 256 * 1024,
  toolSpecBytes: 1024 * 1024,
} as const;

export const versionOf = (server: RegisteredMcpServer, version?: string): McpServerVersion | undefined =>
  server.versions.find((v) => v.version === (version || server.latestVersion));

/** nacos's release date format, to the second in UTC. */
export const releaseDate = (epochMs: number): string => new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
