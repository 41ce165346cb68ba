import type { FastifyInstance } from 'fastify';
import { parseAgentCard, parseRegistrationType } from '../../core/ai/agent-card-input.js';
import { agentVersionOf, type RegisteredAgent } from '../../core/ai/agent-card-model.js';
import { agentDetailInfo, agentListItem, agentVersionDetail } from '../../core/ai/agent-card-view.js';
import type { AgentRegistry } from '../../core/ai/agent-registry.js';
import { optional, requestParams, type Params } from '../http-common/params.js';
import { fail, ok, parameterMissing, RESULT_CODE } from '../http-common/nacos-result.js';
import { AI_ROUTE, aiNamespaceOf, searchModeOf } from './ai-v3-params.js';
import { pageBody, pageOf } from './v3-params.js';

const PATH = '/nacos/v3/admin/ai/a2a';

function agentNameOf(params: Params): string {
  const name = optional(params, 'agentName');
  if (!name) throw parameterMissing('agentName');
  return name;
}

/** The agent a request names, or nacos's 50100. */
function requireAgent(registry: AgentRegistry, namespaceId: string, name: string): RegisteredAgent {
  const agent = registry.find(namespaceId, name);
  if (!agent) throw fail('not_found', RESULT_CODE.AGENT_NOT_FOUND, `Agent not found: ${name}`);
  return agent;
}

/** `agentCard`: required, a JSON object within the card limits. */
function cardOf(params: Params) {
  const text = optional(params, 'agentCard');
  if (!text) {
    throw fail(
      'invalid',
      RESULT_CODE.PARAMETER_MISSING,
      'Request parameter `agentCard` should not be `null` or empty.',
    );
  }
  return parseAgentCard(text);
}

/** `/nacos/v3/admin/ai/a2a`: the AI registry's agents (register, detail, update, delete, lists). */
export function registerAiA2aAdminV3Routes(app: FastifyInstance, registry: AgentRegistry): void {
  app.get(`${PATH}/list`, AI_ROUTE, async (req) => {
    const params = requestParams(req);
    const { pageNo, pageSize, offset } = pageOf(params, 100);
    const all = registry.list(aiNamespaceOf(req), optional(params, 'agentName'), searchModeOf(params));
    return ok(pageBody(all.length, pageNo, pageSize, all.slice(offset, offset + pageSize).map(agentListItem)));
  });

  app.get(`${PATH}/version/list`, AI_ROUTE, async (req) => {
    const agent = requireAgent(registry, aiNamespaceOf(req), agentNameOf(requestParams(req)));
    return ok(agent.versions.map((v) => agentVersionDetail(agent, v)));
  });

  app.get(PATH, AI_ROUTE, async (req) => {
    const params = requestParams(req);
    const readAs = parseRegistrationType(optional(params, 'registrationType'), undefined);
    const agent = requireAgent(registry, aiNamespaceOf(req), agentNameOf(params));
    const version = optional(params, 'version');
    const found = agentVersionOf(agent, version);
    if (!found) {
      const message = version
        ? `Agent ${agent.name} version ${version} not found.`
        : `Agent ${agent.name} latest version not found`;
      throw fail('not_found', RESULT_CODE.AGENT_VERSION_NOT_FOUND, message);
    }
    return ok(agentDetailInfo(registry.endpoints, agent, found, readAs));
  });

  app.post(PATH, AI_ROUTE, async (req) => {
    const params = requestParams(req);
    const card = cardOf(params);
    await registry.create(aiNamespaceOf(req), card, parseRegistrationType(optional(params, 'registrationType'), 'URL'));
    return ok('ok');
  });

  app.put(PATH, AI_ROUTE, async (req) => {
    const params = requestParams(req);
    const card = cardOf(params);
    const type = parseRegistrationType(optional(params, 'registrationType'), undefined);
    const namespaceId = aiNamespaceOf(req);
    requireAgent(registry, namespaceId, card.name);
    await registry.update(namespaceId, card, type, optional(params, 'setAsLatest') === 'true');
    return ok('ok');
  });

  app.delete(PATH, AI_ROUTE, async (req) => {
    const params = requestParams(req);
    await registry.remove(aiNamespaceOf(req), agentNameOf(params), optional(params, 'version'));
    return ok('ok');
  });
}
