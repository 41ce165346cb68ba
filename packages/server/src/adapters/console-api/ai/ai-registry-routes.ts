import type { AiAgentParam, AiMcpServerParam, AiRegistryListParam } from '@tsnacos/protocol';
import type { FastifyInstance } from 'fastify';
import { AGENT_LIMITS, type RegisteredAgent } from '../../../core/ai/agent-card-model.js';
import type { AgentRegistry } from '../../../core/ai/agent-registry.js';
import { MCP_LIMITS, versionOf, type RegisteredMcpServer } from '../../../core/ai/mcp-registry-model.js';
import type { McpRegistry } from '../../../core/ai/mcp-registry.js';
import { invalid, notFound } from '../../../shared/errors.js';
import { inputOf, type Input } from '../console-input.js';
import { API } from '../console-paths.js';
import { ok } from '../envelope.js';
import { aiAgentDetail, aiAgentRow, aiMcpServerDetail, aiMcpServerRow, shownAgentVersion } from './ai-registry-dto.js';
import { boundedText, IN_NAMESPACE, namespaceIdOf, pagingOf } from './ai-registry-input.js';

/** A server id is a uuid; anything longer names none. */
const ID_CHARS = 64;

function listFilter(input: Input<AiRegistryListParam>, maxName: number) {
  return {
    namespaceId: namespaceIdOf(input),
    name: boundedText(input, 'nameFilter', maxName),
    page: pagingOf(input),
  };
}

/**
 * The console's view of the nacos 3 AI registry (`core/ai`): the MCP servers and A2A agents that clients and
 * admins register through `/nacos/v3/admin/ai/*` and gRPC, listed by namespace, shown one version at a time
 * with its endpoints, and deleted. Reads and deletes go through the registries the v3 admin API uses; a
 * delete is recorded in the audit trail as `ai.mcp.delete` / `ai.a2a.delete` (door console).
 */
export function registerAiRegistryRoutes(
  app: FastifyInstance,
  core: { mcpRegistry: McpRegistry; agentRegistry: AgentRegistry },
): void {
  const { mcpRegistry: servers, agentRegistry: agents } = core;

  /** The server a request names, by id else by name, within its namespace; both given must agree. */
  const serverOf = (input: Input<AiMcpServerParam>, namespaceId: string): RegisteredMcpServer => {
    const id = boundedText(input, 'id', ID_CHARS);
    const name = boundedText(input, 'name', MCP_LIMITS.nameChars);
    if (!id && !name) throw invalid('id or name is required');
    const server = servers.find(namespaceId, id ? { id } : { name });
    if (!server || (id && name && server.name !== name)) {
      throw notFound(`no registered MCP server ${id ?? name} in namespace ${namespaceId}`);
    }
    return server;
  };

  app.get(`${API}/v2/ai/mcp/list`, IN_NAMESPACE, async (req) => {
    const input = inputOf<AiRegistryListParam>(req);
    const { namespaceId, name, page } = listFilter(input, MCP_LIMITS.nameChars);
    const all = servers.list(namespaceId, name, 'blur');
    return ok({ totalCount: all.length, list: all.slice(page.offset, page.offset + page.limit).map(aiMcpServerRow) });
  });

  app.get(`${API}/v2/ai/mcp/info`, IN_NAMESPACE, async (req) => {
    const input = inputOf<AiMcpServerParam>(req);
    const server = serverOf(input, namespaceIdOf(input));
    const version = boundedText(input, 'version', MCP_LIMITS.versionChars);
    const found = versionOf(server, version);
    if (!found) throw notFound(`the MCP server ${server.name} has no version ${version ?? server.latestVersion}`);
    return ok(aiMcpServerDetail(servers.endpointsOf, server, found));
  });

  /** The whole server, or one version (the server goes with its last one). */
  app.post(`${API}/v2/ai/mcp/remove`, IN_NAMESPACE, async (req) => {
    const input = inputOf<AiMcpServerParam>(req);
    const namespaceId = namespaceIdOf(input);
    const server = serverOf(input, namespaceId);
    await servers.remove(namespaceId, { id: server.id }, boundedText(input, 'version', MCP_LIMITS.versionChars));
    return ok(true);
  });

  const agentOf = (input: Input<AiAgentParam>, namespaceId: string): RegisteredAgent => {
    const name = boundedText(input, 'name', AGENT_LIMITS.nameChars);
    if (!name) throw invalid('name is required');
    const agent = agents.find(namespaceId, name);
    if (!agent) throw notFound(`no registered agent ${name} in namespace ${namespaceId}`);
    return agent;
  };

  app.get(`${API}/v2/ai/a2a/list`, IN_NAMESPACE, async (req) => {
    const input = inputOf<AiRegistryListParam>(req);
    const { namespaceId, name, page } = listFilter(input, AGENT_LIMITS.nameChars);
    const all = agents.list(namespaceId, name, 'blur');
    return ok({ totalCount: all.length, list: all.slice(page.offset, page.offset + page.limit).map(aiAgentRow) });
  });

  app.get(`${API}/v2/ai/a2a/info`, IN_NAMESPACE, async (req) => {
    const input = inputOf<AiAgentParam>(req);
    const agent = agentOf(input, namespaceIdOf(input));
    const version = boundedText(input, 'version', AGENT_LIMITS.versionChars);
    const found = version ? agent.versions.find((v) => v.version === version) : shownAgentVersion(agent);
    if (!found) throw notFound(`the agent ${agent.name} has no version ${version}`);
    return ok(aiAgentDetail(agents.endpoints, agent, found));
  });

  /** The whole agent, or one version (the agent goes with its last one). */
  app.post(`${API}/v2/ai/a2a/remove`, IN_NAMESPACE, async (req) => {
    const input = inputOf<AiAgentParam>(req);
    const namespaceId = namespaceIdOf(input);
    const agent = agentOf(input, namespaceId);
    const version = boundedText(input, 'version', AGENT_LIMITS.versionChars);
    if (version && !agent.versions.some((v) => v.version === version)) {
      throw notFound(`the agent ${agent.name} has no version ${version}`);
    }
    await agents.remove(namespaceId, agent.name, version);
    return ok(true);
  });
}
