import type { PageParam } from './envelope.js';

/*
 * The console's view of the nacos 3 AI registry: MCP servers and A2A agents that clients and admins register
 * (`/nacos/v3/admin/ai/*`, nacos-client's AiService), not the MCP servers tsnacos hosts (`/v2/mcp/server/*`).
 * `namespaceId` "" or "public" is the default namespace; the answers say "public".
 */

/** Query of `GET /v2/ai/mcp/list` and `GET /v2/ai/a2a/list`. */
export interface AiRegistryListParam extends PageParam {
  namespaceId?: string;
  /** Part of the name (at most 256 characters). */
  nameFilter?: string;
}

/** A row of `GET /v2/ai/mcp/list`: a registered MCP server as its latest version describes it. */
export interface AiMcpServerRow {
  /** A uuid. */
  id: string;
  namespaceId: string;
  name: string;
  description: string;
  /** `stdio`, `mcp-sse`, `mcp-streamable`, `http` or `dubbo`. */
  protocol: string;
  enabled: boolean;
  latestVersion: string;
  versionCount: number;
  /** Tools of the latest version. */
  toolCount: number;
  /** `yyyy-MM-ddTHH:mm:ssZ` the latest version was released as latest; "" when never. */
  releaseDate: string;
}

/**
 * Query of `GET /v2/ai/mcp/info` and body of `POST /v2/ai/mcp/remove`: the server by `id`, else by `name`
 * (both given: they must name the same server); `version` one version (absent: the latest for info, every
 * version for remove).
 */
export interface AiMcpServerParam {
  namespaceId?: string;
  id?: string;
  name?: string;
  version?: string;
}

/** A version of a registered MCP server. */
export interface AiMcpVersionDto {
  version: string;
  /** "" while it never was the latest. */
  releaseDate: string;
  latest: boolean;
}

/** An address an MCP server version is reached at, read from the naming service when asked. */
export interface AiMcpEndpointDto {
  protocol: string | null;
  address: string;
  port: number;
  path: string | null;
}

/** A tool of a version's tool specification. */
export interface AiMcpToolDto {
  name: string;
  description: string;
  /** False when `toolsMeta` turns the tool off. */
  enabled: boolean;
  inputSchema: unknown;
}

/** `GET /v2/ai/mcp/info`: one version of a registered MCP server. */
export interface AiMcpServerDetail {
  id: string;
  namespaceId: string;
  name: string;
  /** The version shown. */
  version: string;
  latestVersion: string;
  /** In the order they were added. */
  versions: AiMcpVersionDto[];
  protocol: string;
  frontProtocol: string | null;
  description: string;
  enabled: boolean;
  capabilities: string[];
  /** The naming service whose healthy instances are the version's backend endpoints; null for `stdio`. */
  serviceRef: { namespaceId: string; groupName: string; serviceName: string; transportProtocol: string | null } | null;
  backendEndpoints: AiMcpEndpointDto[];
  frontendEndpoints: AiMcpEndpointDto[];
  tools: AiMcpToolDto[];
  /** nacos's `McpServerDetailInfo` of the version, as `GET /nacos/v3/admin/ai/mcp` answers it. */
  document: Record<string, unknown>;
}

/** A row of `GET /v2/ai/a2a/list`: a registered agent as its latest version's card describes it. */
export interface AiAgentRow {
  namespaceId: string;
  name: string;
  description: string;
  /** "" once the latest version was deleted (until another is made the latest, as in nacos). */
  latestVersion: string;
  /** The version the row describes: the latest, else the last added. */
  version: string;
  versionCount: number;
  /** `URL` (clients call the card's url) or `SERVICE` (the endpoints its instances register). */
  registrationType: string;
  protocolVersion: string;
  skillCount: number;
  /** `yyyy-MM-ddTHH:mm:ssZ` the version shown was last written. */
  updatedAt: string;
}

/**
 * Query of `GET /v2/ai/a2a/info` and body of `POST /v2/ai/a2a/remove`: the agent by `name`; `version` one
 * version (absent: the latest, else the last added, for info; every version for remove).
 */
export interface AiAgentParam {
  namespaceId?: string;
  name?: string;
  version?: string;
}

/** A version of a registered agent. */
export interface AiAgentVersionDto {
  version: string;
  registrationType: string;
  createdAt: string;
  updatedAt: string;
  latest: boolean;
}

/** A skill of an agent card. */
export interface AiAgentSkillDto {
  id: string;
  name: string;
  description: string;
  tags: string[];
}

/** An address an agent version's instances registered (A2A `AgentInterface`). */
export interface AiAgentEndpointDto {
  url: string;
  transport: string;
}

/** `GET /v2/ai/a2a/info`: one version of a registered agent. */
export interface AiAgentDetail {
  namespaceId: string;
  name: string;
  version: string;
  latestVersion: string;
  versions: AiAgentVersionDto[];
  registrationType: string;
  description: string;
  /** The card's own `url`. */
  url: string;
  preferredTransport: string;
  protocolVersion: string;
  skills: AiAgentSkillDto[];
  /** The healthy, enabled endpoints the version's instances registered (what `SERVICE` clients are given). */
  endpoints: AiAgentEndpointDto[];
  /** The card as stored, with `registrationType` and `latestVersion` (nacos's `AgentCardDetailInfo`). */
  card: Record<string, unknown>;
}
