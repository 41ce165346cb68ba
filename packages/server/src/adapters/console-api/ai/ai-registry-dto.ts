import type {
  AiAgentDetail,
  AiAgentEndpointDto,
  AiAgentRow,
  AiAgentSkillDto,
  AiMcpEndpointDto,
  AiMcpServerDetail,
  AiMcpServerRow,
  AiMcpToolDto,
} from '@tsnacos/protocol';
import { agentVersionOf, type AgentCardVersion, type RegisteredAgent } from '../../../core/ai/agent-card-model.js';
import { agentDetailInfo } from '../../../core/ai/agent-card-view.js';
import type { AgentEndpoints } from '../../../core/ai/agent-endpoints.js';
import type { McpEndpoints } from '../../../core/ai/mcp-endpoints.js';
import { versionOf, type McpServerVersion, type RegisteredMcpServer } from '../../../core/ai/mcp-registry-model.js';
import { detailInfo } from '../../../core/ai/mcp-registry-view.js';
import { isRecord, type JsonRecord } from '../../../core/ai/registry-json.js';

/*
 * The AI registry as the console shows it: typed rows and details built from the registry's own model and
 * from nacos's renderings of it (`mcp-registry-view.ts`, `agent-card-view.ts`), which also read the endpoints
 * from the naming service; the nacos document itself goes along for the JSON view.
 */

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The version a list row describes: the latest, else the last added. */
const shownMcpVersion = (server: RegisteredMcpServer): McpServerVersion =>
  versionOf(server) ?? server.versions[server.versions.length - 1];

const toolsOf = (v: McpServerVersion): unknown[] => (Array.isArray(v.toolSpec?.tools) ? v.toolSpec.tools : []);

export function aiMcpServerRow(server: RegisteredMcpServer): AiMcpServerRow {
  const v = shownMcpVersion(server);
  return {
    id: server.id,
    namespaceId: server.namespaceId,
    name: server.name,
    description: v.spec.description ?? '',
    protocol: v.spec.protocol,
    enabled: v.spec.enabled,
    latestVersion: server.latestVersion,
    versionCount: server.versions.length,
    toolCount: toolsOf(v).length,
    releaseDate: v.releaseDate,
  };
}

function endpointDtos(value: unknown): AiMcpEndpointDto[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((e) => ({
    protocol: strOrNull(e.protocol),
    address: str(e.address),
    port: typeof e.port === 'number' ? e.port : Number(e.port) || 0,
    path: strOrNull(e.path),
  }));
}

function toolDtos(v: McpServerVersion): AiMcpToolDto[] {
  const meta = isRecord(v.toolSpec?.toolsMeta) ? v.toolSpec.toolsMeta : {};
  return toolsOf(v)
    .filter(isRecord)
    .map((tool) => {
      const name = str(tool.name);
      const toolMeta = meta[name];
      return {
        name,
        description: str(tool.description),
        enabled: !(isRecord(toolMeta) && toolMeta.enabled === false),
        inputSchema: tool.inputSchema ?? null,
      };
    });
}

export function aiMcpServerDetail(
  endpoints: McpEndpoints,
  server: RegisteredMcpServer,
  v: McpServerVersion,
): AiMcpServerDetail {
  // nacos's detail of the version, with the endpoints read from the naming service now
  const document: JsonRecord = detailInfo(endpoints, server, v);
  const ref = v.serviceRef;
  return {
    id: server.id,
    namespaceId: server.namespaceId,
    name: server.name,
    version: v.version,
    latestVersion: server.latestVersion,
    versions: server.versions.map((each) => ({
      version: each.version,
      releaseDate: each.releaseDate,
      latest: each.version === server.latestVersion,
    })),
    protocol: v.spec.protocol,
    frontProtocol: v.spec.frontProtocol ?? null,
    description: v.spec.description ?? '',
    enabled: v.spec.enabled,
    capabilities: v.spec.capabilities,
    serviceRef: ref
      ? {
          namespaceId: ref.namespaceId,
          groupName: ref.groupName,
          serviceName: ref.serviceName,
          transportProtocol: ref.transportProtocol ?? null,
        }
      : null,
    backendEndpoints: endpointDtos(document.backendEndpoints),
    frontendEndpoints: endpointDtos(document.frontendEndpoints),
    tools: toolDtos(v),
    document,
  };
}

/** The version an agent's row and detail show by default: the latest, else the last added. */
export const shownAgentVersion = (agent: RegisteredAgent): AgentCardVersion =>
  agentVersionOf(agent) ?? agent.versions[agent.versions.length - 1];

export function aiAgentRow(agent: RegisteredAgent): AiAgentRow {
  const v = shownAgentVersion(agent);
  return {
    namespaceId: agent.namespaceId,
    name: agent.name,
    description: v.card.description,
    latestVersion: agent.latestVersion,
    version: v.version,
    versionCount: agent.versions.length,
    registrationType: v.registrationType,
    protocolVersion: v.card.protocolVersion,
    skillCount: v.card.skills.length,
    updatedAt: v.updatedAt,
  };
}

function skillDtos(skills: JsonRecord[]): AiAgentSkillDto[] {
  return skills.map((s) => ({
    id: str(s.id),
    name: str(s.name),
    description: str(s.description),
    tags: Array.isArray(s.tags) ? s.tags.filter((t): t is string => typeof t === 'string') : [],
  }));
}

/** The endpoints a version's instances registered; a name the naming service refuses has none. */
function agentEndpointDtos(endpoints: AgentEndpoints, agent: RegisteredAgent, version: string): AiAgentEndpointDto[] {
  try {
    return endpoints.interfaces(endpoints.serviceOf(agent.namespaceId, agent.name, version));
  } catch {
    return [];
  }
}

export function aiAgentDetail(endpoints: AgentEndpoints, agent: RegisteredAgent, v: AgentCardVersion): AiAgentDetail {
  return {
    namespaceId: agent.namespaceId,
    name: agent.name,
    version: v.version,
    latestVersion: agent.latestVersion,
    versions: agent.versions.map((each) => ({
      version: each.version,
      registrationType: each.registrationType,
      createdAt: each.createdAt,
      updatedAt: each.updatedAt,
      latest: each.version === agent.latestVersion,
    })),
    registrationType: v.registrationType,
    description: v.card.description,
    url: v.card.url,
    preferredTransport: v.card.preferredTransport,
    protocolVersion: v.card.protocolVersion,
    skills: skillDtos(v.card.skills),
    endpoints: agentEndpointDtos(endpoints, agent, v.version),
    // read as `URL`: the card as stored, not one endpoint picked for a client
    card: agentDetailInfo(endpoints, agent, v, 'URL'),
  };
}
