import { parseRegistrationType } from '../../../core/ai/agent-card-input.js';
import { agentVersionOf } from '../../../core/ai/agent-card-model.js';
import { agentDetailInfo } from '../../../core/ai/agent-card-view.js';
import type { AgentRegistry } from '../../../core/ai/agent-registry.js';
import { invalid, notFound } from '../../../shared/errors.js';
import { optionalString } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { aiAccess, aiNamespaceOf } from './ai-request.js';

/**
 * `QueryAgentCardRequest` -> `QueryAgentCardResponse` (nacos-client 3.1's `A2aService.getAgentCard`, and its
 * subscriptions' polls): a version of an agent (the latest when none is named), read as `registrationType`
 * asks or as stored. Failures are answered as the same response type.
 */
export function agentCardQueryHandler(registry: AgentRegistry): GrpcHandler {
  return {
    responseType: 'QueryAgentCardResponse',
    access: aiAccess('read'),
    refusals: 'typed',
    handle(body) {
      const name = optionalString(body, 'agentName')?.trim();
      if (!name) throw invalid("parameters `agentName` can't be empty or null");
      const readAs = parseRegistrationType(optionalString(body, 'registrationType'), undefined);
      const agent = registry.find(aiNamespaceOf(body), name);
      if (!agent) throw notFound(`Agent not found: ${name}`);
      const version = optionalString(body, 'version');
      const found = agentVersionOf(agent, version);
      if (!found) {
        throw notFound(
          version ? `Agent ${name} version ${version} not found.` : `Agent ${name} latest version not found`,
        );
      }
      return { agentCardDetailInfo: agentDetailInfo(registry.endpoints, agent, found, readAs) };
    },
  };
}
